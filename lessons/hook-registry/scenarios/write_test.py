prompt = "Create a file test.txt that says hello."
replies = [
    [use("t1", "write_file", path="test.txt", content="hello\n")],
    [say("Created test.txt.")],
]
