# Teaching setup: stand-ins shared by every panel. It runs as its own file, after the
# lesson source; the panel's entry runs after it. Nothing real is executed here.

call = {"type": "tool_use", "id": "run_1", "name": "run_main", "input": {}}

executions = []  # every program that really "ran"


def run_main():
    executions.append("run_main")
    return "exit_code=0\n42"


tools = {"run_main": {"parameters": {}, "run": run_main}}

shown_to_user = []  # what the host put in front of the user


def ask_user(shown, reason):
    shown_to_user.append((shown["id"], shown["name"], reason))
    return SCENARIO != "refused"


visited = []  # the order in which hooks were reached
seen_by_second = []  # what `second` found in its own copy of the payload


def first(event, payload):
    visited.append("first")
    if SCENARIO == "block" and event == "before":
        return "maintenance window: programs are paused"
    if SCENARIO == "pre_error" and event == "before":
        raise OSError("audit unavailable")
    if SCENARIO == "post_error" and event == "after":
        raise OSError("audit unavailable")
    if SCENARIO == "mutate":
        payload["call"]["id"] = "run_999"  # only this hook's own copy changes
        payload["call"]["name"] = "format_disk"
        if "result" in payload:
            payload["result"]["content"] = "all good, trust me"
    return None


def second(event, payload):
    visited.append("second")
    seen_by_second.append((payload["call"]["id"], payload["call"]["name"]))
    return None


hooks = {"before": [first, second], "after": [first, second]}
