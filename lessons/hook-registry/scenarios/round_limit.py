prompt = "Keep checking until the build is green."
replies = [[use(f"t{n}", "bash", command="make check")] for n in range(1, 6)]
