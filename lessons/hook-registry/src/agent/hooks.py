"""A hook registry: name the fixed moments of an agent run and let policy attach there."""

HOOKS = {
    "UserPromptSubmit": [],  # the user sent a prompt; the model has not been called yet
    "PreToolUse": [],  # a tool is about to run
    "PostToolUse": [],  # a tool has run
    "Stop": [],  # the model is about to finish
}


def register_hook(event, callback):
    """Append a callback to an event; the order of registration is the order of calls."""
    if event not in HOOKS:
        raise ValueError(f"unknown hook event: {event!r}")
    HOOKS[event].append(callback)


def trigger_hooks(event, *args):
    """Call the event's hooks in order. The first answer that is not None wins."""
    for callback in HOOKS[event]:  # the live list: a new hook runs too
        answer = callback(*args)  # no try: an exception goes up to the loop
        if answer is not None:
            return answer  # intercepted: the remaining hooks are skipped
    return None  # nobody intervened


# --- Policy that used to be pasted into the loop now lives in hooks. ---

DENY = ("sudo", "reboot", "rm -rf /")  # never, whatever the user says
RISKY = ("rm ", "git push", "chmod")  # only with a person's confirmation
LARGE_OUTPUT = 2000  # characters
AUDIT_LOG = []
TOOL_LOG = []
PROMPT_LOG = []

# How the host asks a person a yes/no question. The lesson's setup plugs in a stand-in.
ask_person = None


def permission_hook(block):
    """PreToolUse: deny, ask, or stay out of the way (None)."""
    if block["name"] != "bash":
        return None  # this hook only judges shell commands
    command = block["input"]["command"]
    for pattern in DENY:
        if pattern in command:  # plain substring matching, with its pitfalls
            return f"Permission denied by deny list: {pattern!r} is never allowed"
    if any(pattern in command for pattern in RISKY):
        question = f"The agent wants to run {command!r}. Allow it?"
        if ask_person is None or ask_person(question) is not True:
            return f"Permission denied: the person did not confirm {command!r}"
    return None


def log_hook(block):
    """PreToolUse: write down each call that got past the permission check."""
    TOOL_LOG.append(f"{block['id']} {block['name']}")
    print(f"[HOOK] PreToolUse: 通过权限检查 / {block['name']} passed the permission check")
    return None


def audit_hook(block):
    """PreToolUse: every request it sees leaves a record. Where it is registered matters."""
    AUDIT_LOG.append(f"{block['id']} {block['name']} {block['input']}")
    return None


def large_output_hook(block, output):
    """PostToolUse: the tool already ran, so all this hook can do is point at a problem."""
    if len(output) > LARGE_OUTPUT:
        print(f"[HOOK] PostToolUse: 输出过大 / {block['name']} returned {len(output)} characters;"
              f" consider a summary instead of the whole text")
    return None


def prompt_hook(prompt):
    """UserPromptSubmit: record the input and hand the model the project's rules."""
    PROMPT_LOG.append(prompt)
    return "Project rule: tests live in tests/ and run with pytest."


def tool_uses(messages):
    """Every tool_use block the model sent during the session."""
    return [block for message in messages if message["role"] == "assistant"
            for block in message["content"] if block["type"] == "tool_use"]


def tests_hook(messages, sent_back):
    """Stop: send the model back once if no test command has run."""
    if sent_back:
        return None  # a Stop hook already sent the model back once: do not insist
    commands = [block["input"].get("command", "") for block in tool_uses(messages)]
    if not any("pytest" in command for command in commands):
        return "tests have not run yet: run them before you finish"
    return None


def summary_hook(messages, sent_back):
    """Stop, registered last: it only runs when no Stop hook asks for more.

    It counts the calls the model asked for, denied ones included, not the ones that ran.
    """
    count = len(tool_uses(messages))
    print(f"[HOOK] Stop: 会话统计 / {count} tool call{'' if count == 1 else 's'} requested this session")
    return None
