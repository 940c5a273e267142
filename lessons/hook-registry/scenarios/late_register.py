prompt = "Read the README, then list the folder."
replies = [
    [use("t1", "read_file", path="README.md"), use("t2", "bash", command="ls")],
    [say("Done: the README is short and the folder is small.")],
]
