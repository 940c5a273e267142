prompt = "Fix the typo in the README."
replies = [
    [use("t1", "bash", command="sed -i s/teh/the/ README.md")],
    [say("Fixed the typo.")],
    [say("Yes, I checked: the typo is fixed.")],
]
