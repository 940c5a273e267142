# Teaching setup: stand-ins shared by every panel. It runs as its own file, after the
# lesson source; the panel's entry runs after it. Nothing real is executed here.

call = {"type": "tool_use", "id": "run_1", "name": "run_main", "input": {}}

executions = []  # every program that really "ran"


def run_main():
    executions.append("run_main")
    return "exit_code=0\n42"


tools = {"run_main": {"parameters": {}, "run": run_main}}
blocked = ("run_main",) if SCENARIO == "host_blocked" else ()  # the host's own block list

shown_to_user = []  # what the host put in front of the user


def ask_user(shown, reason):
    shown_to_user.append((shown["id"], shown["name"], reason))
    if SCENARIO == "gate_crash":
        raise RuntimeError("the consent dialog crashed")  # not a refusal: a bug
    return SCENARIO != "refused"


visited = []  # "before: first", "after: second", ... in the order hooks were reached
seen_by_second = []  # what `second` found in its own copy of the payload


def phase_of(payload):
    return "after" if "result" in payload else "before"  # callbacks get no event name


def first(payload):
    phase = phase_of(payload)
    visited.append(f"{phase}: first")
    if phase == "before":
        if SCENARIO == "block":
            return "maintenance window: programs are paused"
        if SCENARIO == "pre_error":
            raise OSError("audit unavailable")
        if SCENARIO == "allow_string":
            return "allow"  # meant as "let it through", read as a reason to block
        if SCENARIO == "false_return":
            return False  # neither None nor a reason: a protocol error
        if SCENARIO == "late_register":
            hooks["before"].append(late)  # joins the list, not this run's frozen chain
        if SCENARIO == "interrupt":
            raise KeyboardInterrupt("the user pressed Ctrl-C")  # not an Exception
    if SCENARIO == "post_error" and phase == "after":
        raise OSError("audit unavailable")
    if SCENARIO == "mutate":
        payload["call"]["id"] = "run_999"  # only this hook's own copy changes
        payload["call"]["name"] = "format_disk"
        if "result" in payload:
            payload["result"]["content"] = "all good, trust me"
    return None


def second(payload):
    visited.append(f"{phase_of(payload)}: second")
    seen_by_second.append((payload["call"]["id"], payload["call"]["name"]))
    return None


def late(payload):
    visited.append(f"{phase_of(payload)}: late")
    return None


hooks = {"before": [first, second], "after": [first, second]}


# The host's wiring panel: an audit store and a maintenance switch.
class AuditStore(list):
    """Stand-in for the host's audit store. Under wired_audit_failure, writing a result fails."""

    def append(self, entry):
        if SCENARIO == "wired_audit_failure" and entry["event"] == "after":
            raise OSError("audit store unavailable")
        super().append(entry)


audit_log = AuditStore()
host_warnings = []
maintenance_on = SCENARIO in ("wired_maintenance", "wired_audit_last")
maintenance_reason = "maintenance window: programs are paused" if maintenance_on else None
