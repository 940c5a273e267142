prompt = "Read README.md and tell me what this project does."
replies = [
    [use("t1", "read_file", path="README.md")],
    [say("It is a toy coding agent that exists to teach hooks.")],
]
