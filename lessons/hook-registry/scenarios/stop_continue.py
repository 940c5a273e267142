prompt = "Fix the typo in the README."
replies = [
    [use("t1", "bash", command="sed -i s/teh/the/ README.md")],
    [say("Fixed the typo.")],
    [use("t2", "bash", command="ls tests")],
    [say("There is no tests folder, so there is nothing to run.")],
]
