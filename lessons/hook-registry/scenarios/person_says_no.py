prompt = "Publish my changes."
replies = [
    [use("t1", "bash", command="git push --force")],
    [say("You did not confirm the force push, so nothing was published.")],
]
