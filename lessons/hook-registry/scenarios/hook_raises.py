prompt = "What is in this folder?"
replies = [
    [use("t1", "bash", command="ls")],
    [say("Here is what the folder holds.")],
]
