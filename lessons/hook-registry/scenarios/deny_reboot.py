prompt = "The build server feels slow. Fix it."
replies = [
    [use("t1", "bash", command="sudo reboot")],
    [say("Rebooting is not allowed here. I can look at the logs instead if you like.")],
]
