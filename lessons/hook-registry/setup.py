# Teaching setup: a scripted stand-in model and stand-in tools. No file is read and no
# process is started. The scenario script supplies `prompt` and the model's `replies`.
import hooks
from hooks import (audit_hook, large_output_hook, log_hook, permission_hook,
                   register_hook, summary_hook, tests_hook)

FILES = {
    "README.md": "# tiny-agent\nA toy coding agent used to teach hooks.\n",
    "job.log": "step ok\n" * 400 + "error: disk full\n",
}
SHELL = {"ls tests": "ls: cannot access 'tests': No such file or directory"}


def read_file(path):
    print(f"[TOOL] read_file {path}")
    return FILES.get(path, f"error: no such file: {path}")


def bash(command):
    print(f"[TOOL] bash {command}")
    return SHELL.get(command, "(stand-in shell: nothing really ran)")


tools = {"read_file": read_file, "bash": bash}


def ask_person(question):
    print(f"[ASK] {question} -> yes")
    return True


hooks.ask_person = ask_person  # the host's way of asking; here a scripted "yes"


def use(block_id, name, **arguments):
    return {"type": "tool_use", "id": block_id, "name": name, "input": arguments}


def say(text):
    return {"type": "text", "text": text}


def short(text, limit=60):
    flat = text.strip().replace("\n", " / ")
    return flat if len(flat) <= limit else f"{flat[:limit]}... ({len(text)} characters)"


def scripted_model(messages):
    """Stand-in for the model: show what came back, then replay the next prepared reply."""
    latest = messages[-1]["content"]
    if isinstance(latest, list):
        for result in latest:
            print(f"[MODEL] got {result['tool_use_id']}: {short(result['content'])}")
    reply = replies.pop(0)
    for block in reply:
        if block["type"] == "text":
            print(f"[MODEL] {block['text']}")
        else:
            print(f"[MODEL] wants {block['name']} {block['input']}")
    return reply


if SCENARIO == "audit_first":
    register_hook("PreToolUse", audit_hook)  # before the check: sees every request
register_hook("PreToolUse", permission_hook)
register_hook("PreToolUse", log_hook)  # after the check: sees only what passed
register_hook("PostToolUse", large_output_hook)
register_hook("Stop", summary_hook)
if SCENARIO == "stop_continue":
    register_hook("Stop", tests_hook)
