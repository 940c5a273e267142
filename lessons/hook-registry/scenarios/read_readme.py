prompt = "What is this project about?"
replies = [
    [use("t1", "read_file", path="README.md")],
    [say("It is a toy coding agent that exists to teach hooks.")],
]
