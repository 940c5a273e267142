# The request is known; nothing has run yet.
event = "before"
payload = {"call": call}
