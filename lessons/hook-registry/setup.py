# Teaching setup: a scripted stand-in model, stand-in tools and the hook registration.
# No file is read or written and no process is started. The scenario script supplies
# `prompt` and the model's `replies`.
import hooks
from hooks import (HOOKS, audit_hook, large_output_hook, log_hook, permission_hook,
                   prompt_hook, register_hook, summary_hook, tests_hook)

FILES = {
    "README.md": "# tiny-agent\nA toy coding agent used to teach hooks.\n",
    "job.log": "API_KEY=sk-test-123\n" + "step ok\n" * 400 + "error: disk full\n",
}
SHELL = {"ls tests": "ls: cannot access 'tests': No such file or directory"}


def read_file(path):
    print(f"[TOOL] 读文件 / read_file {path}")
    return FILES.get(path, f"error: no such file: {path}")


def write_file(path, content):
    print(f"[TOOL] 写文件 / write_file {path}")
    FILES[path] = content  # only this dictionary changes
    return f"wrote {len(content)} characters to {path}"


def bash(command):
    print(f"[TOOL] 运行命令 / bash {command!r}")
    return SHELL.get(command, "(stand-in shell: nothing really ran)")


tools = {"read_file": read_file, "write_file": write_file, "bash": bash}


def ask_person(question):
    answer = SCENARIO != "person_says_no"
    print(f"[ASK] 请人确认 / asking a person: {question} -> {'yes' if answer else 'no'}")
    return answer


hooks.ask_person = ask_person  # the host's way of asking; here a scripted answer


def use(block_id, name, **arguments):
    return {"type": "tool_use", "id": block_id, "name": name, "input": arguments}


def say(text):
    return {"type": "text", "text": text}


def short(text, limit=80):
    flat = text.strip().replace("\n", " / ")
    return flat if len(flat) <= limit else f"{flat[:limit]}... ({len(text)} characters)"


def scripted_model(messages):
    """Stand-in for the model: show what it was given, then replay the next prepared reply."""
    latest = messages[-1]["content"]
    if isinstance(latest, str):
        print(f"[MODEL] 读到 / read: {short(latest, 120)}")
    else:
        for result in latest:
            print(f"[MODEL] 收到工具结果 / got {result['tool_use_id']}: {short(result['content'])}")
    reply = replies.pop(0)
    for block in reply:
        if block["type"] == "text":
            print(f"[MODEL] 回复 / says: {block['text']}")
        else:
            print(f"[MODEL] 要调用工具 / wants {block['name']} {block['input']}")
    return reply


# --- Hooks that only some scenarios register. ---

def announce(event):
    """A hook for any event that only says the event fired."""
    def hook(*args):
        print(f"[EVENT] 事件触发 / fired: {event}")
        return None
    return hook


def path_size_hook(block):
    """PreToolUse with a bug: it assumes every tool has a path."""
    return None if len(block["input"]["path"]) < 200 else "path too long"


def notify_hook(block):
    print(f"[HOOK] 通知 / notify: {block['id']} {block['name']}")
    return None


def onboarding_hook(block):
    """PreToolUse: on its first call it registers another PreToolUse hook."""
    if notify_hook not in HOOKS["PreToolUse"]:
        register_hook("PreToolUse", notify_hook)
    return None


def redact_hook(block, output):
    """PostToolUse: returns the cleaned text, as if the loop would use it. It does not."""
    return output.replace("sk-test-123", "***")


def nag_hook(messages, sent_back):
    """Stop: ignores sent_back and asks every time."""
    return "are you sure you are done? check once more"


# --- Registration: the order below is the order of calls. ---
if SCENARIO in ("trace_request", "write_test"):
    for event in HOOKS:
        register_hook(event, announce(event))
if SCENARIO == "prompt_context":
    register_hook("UserPromptSubmit", prompt_hook)
if SCENARIO == "audit_first":
    register_hook("PreToolUse", audit_hook)  # before the check: sees every request
register_hook("PreToolUse", permission_hook)
if SCENARIO == "hook_raises":
    register_hook("PreToolUse", path_size_hook)
register_hook("PreToolUse", log_hook)  # after the check: sees only what passed
if SCENARIO == "audit_last":
    register_hook("PreToolUse", audit_hook)  # after the check: never sees a denial
if SCENARIO == "late_register":
    register_hook("PreToolUse", onboarding_hook)
if SCENARIO == "post_hides":
    register_hook("PostToolUse", redact_hook)  # returns a value: ends the chain here
register_hook("PostToolUse", large_output_hook)
if SCENARIO == "stop_continue":
    register_hook("Stop", tests_hook)
if SCENARIO == "stop_insists":
    register_hook("Stop", nag_hook)
register_hook("Stop", summary_hook)  # last: it runs only when no Stop hook asks for more
