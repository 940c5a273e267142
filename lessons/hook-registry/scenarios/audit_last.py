prompt = "Read the README, clear the build folder, then restart the machine."
replies = [
    [
        use("t1", "read_file", path="README.md"),
        use("t2", "bash", command="rm -rf build"),
        use("t3", "bash", command="sudo reboot"),
    ],
    [say("README read and build folder cleared. The restart was refused, so I left it.")],
]
