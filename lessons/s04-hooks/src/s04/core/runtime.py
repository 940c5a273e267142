"""Lesson 4: hooks around tool execution.

Before execution you can still prevent; after execution you can only observe.
"""
import copy

from gate import NOT_EXECUTED, execute_guarded, make_result

PRE_CHECK_FAILED = "pre-check failed: "


def run_hooks(hooks, event, payload):
    """Run one chain of callbacks; report {"blocked": ..., "warnings": [...]}."""
    if event not in ("before", "after"):
        raise ValueError(f"unknown hook event: {event!r}")
    chain = tuple(hooks.get(event, ()))  # frozen: a late hook is not called
    warnings = []
    for callback in chain:
        try:
            answer = callback(copy.deepcopy(payload))  # its own copy
            check_answer(event, answer)  # a wrong answer raises ValueError here
        except Exception as exc:  # only Exception; there is no timeout either
            answer, problem = None, f"{type(exc).__name__}: {exc}"
        else:
            problem = None
        if event == "before":
            if problem is not None:
                return {"blocked": PRE_CHECK_FAILED + problem, "warnings": warnings}
            if answer is not None:
                return {"blocked": answer, "warnings": warnings}  # as given
        elif problem is not None:
            warnings.append(problem)  # recorded; the next observer runs
    return {"blocked": None, "warnings": warnings}


def check_answer(event, answer):
    """Raise ValueError unless the answer is allowed for this event."""
    if answer is None:
        return
    if event == "before" and isinstance(answer, str) and answer.strip():
        return
    expected = "None or a non-empty reason" if event == "before" else "None"
    raise ValueError(f"{event} hooks must return {expected}, not {answer!r}")


def execute_hooked(call, tools, ask_user, hooks, blocked=()):
    """Wrap the gate of lesson 3 in before/after hooks; warnings kept apart."""
    snapshot = copy.deepcopy(call)
    before = run_hooks(hooks, "before", {"call": snapshot})
    if before["blocked"] is not None:
        result = make_result(snapshot, NOT_EXECUTED + before["blocked"], is_error=True)
    else:
        result = execute_guarded(snapshot, tools, ask_user, blocked)
    # No `finally`: if the gate raises, the after chain is skipped.
    after = run_hooks(hooks, "after", {"call": snapshot, "result": result})
    return {"result": result, "warnings": after["warnings"]}


def audit_event(event, payload, entries):
    """Record the request and, after it ran, what came back. Decide nothing."""
    call = payload["call"]
    entry = {"event": event, "id": call.get("id"), "tool": call.get("name")}
    if event == "after":
        result = payload["result"]
        entry["is_error"] = result["is_error"]
        entry["content"] = result["content"]  # "not executed" is kept verbatim
    entries.append(entry)  # memory only: gone when the process ends


def lesson_hooks(entries, maintenance_reason=None):
    """Register the hooks. Audit first: a blocked request is still on record."""

    def audit_before(payload):
        audit_event("before", payload, entries)

    def maintenance_check(payload):
        return maintenance_reason  # None lets the call through

    def audit_after(payload):
        audit_event("after", payload, entries)

    return {"before": [audit_before, maintenance_check], "after": [audit_after]}


def host_executor(tools, ask_user, hooks, host_warnings, blocked=()):
    """Keep the agent loop's contract execute(call) -> tool_result."""

    def execute(call):
        report = execute_hooked(call, tools, ask_user, hooks, blocked)
        host_warnings.extend(report["warnings"])  # for the host's display only
        return report["result"]  # filed by tool_use_id; warnings stay here

    return execute
