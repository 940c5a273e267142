"""Lesson 3: the permission gate in front of tool execution (reused as is)."""
import copy

NOT_EXECUTED = "not executed: "


def make_result(call, content, is_error):
    """A tool result always answers the call it came from, by id."""
    return {
        "type": "tool_result",
        "tool_use_id": call.get("id"),
        "content": content,
        "is_error": is_error,
    }


def validate_call(call, tools):
    """Return None when the call matches its tool's declaration, else an error text."""
    name = call.get("name")
    tool = tools.get(name) if isinstance(name, str) else None  # a list is no tool name
    if tool is None:
        return f"unknown tool: {name!r}"
    params = tool["parameters"]
    args = call.get("input")
    if not isinstance(args, dict) or set(args) != set(params):
        return f"input must have exactly these fields: {sorted(params)}"
    for field, expected in params.items():
        if type(args[field]) is not expected:
            return f"field {field!r} must be of type {expected.__name__}"
    return None


def execute_tool(call, tools):
    """Run a validated call; expected failures become error results, not crashes."""
    error = validate_call(call, tools)
    if error is not None:
        return make_result(call, error, is_error=True)
    try:
        content = tools[call["name"]]["run"](**call["input"])
    except (ValueError, OSError) as exc:
        return make_result(call, f"{type(exc).__name__}: {exc}", is_error=True)
    return make_result(call, content, is_error=False)


def permission_for(call, tools, blocked=()):
    """Judge only: answer ("allow" | "ask" | "deny", reason). Never asks, never runs."""
    error = validate_call(call, tools)
    if error is not None:
        return "deny", error
    name = call["name"]
    if name in blocked:
        return "deny", f"{name} is blocked by host policy"
    if name == "read_file":
        return "allow", "reading files is allowed"
    if name == "run_main":
        return "ask", "running the program needs the user's consent"
    return "deny", f"no policy for {name}, so it is denied"


def authorize_call(call, tools, ask_user, blocked=()):
    """Turn a verdict into (allowed, reason). Only an "ask" verdict consults the host."""
    verdict, reason = permission_for(call, tools, blocked)
    if verdict != "ask":
        return verdict == "allow", reason
    shown = copy.deepcopy(call)  # editing what is displayed cannot change what runs
    if ask_user(shown, reason) is True:  # only the boolean True allows
        return True, "the user agreed"
    return False, "the user declined"


def execute_guarded(call, tools, ask_user, blocked=()):
    """Authorize a snapshot of the call, then run exactly that snapshot."""
    snapshot = copy.deepcopy(call)
    allowed, reason = authorize_call(snapshot, tools, ask_user, blocked)
    if not allowed:
        # A refusal is reported as such; it never pretends to be a program's output.
        return make_result(snapshot, NOT_EXECUTED + reason, is_error=True)
    return execute_tool(snapshot, tools)
