"""The agent loop: drive model -> tools -> messages until the model stops asking."""
from hooks import trigger_hooks

MAX_ROUNDS = 5  # a hard ceiling on model calls
MAX_EXTRA_ROUNDS = 1  # how many times Stop hooks may send the model back to work


def agent_loop(model, tools, prompt):
    context = trigger_hooks("UserPromptSubmit", prompt)  # non-None: extra context
    text = prompt if context is None else f"{prompt}\n\n{context}"
    messages = [{"role": "user", "content": text}]
    extra_rounds = 0
    for round_no in range(1, MAX_ROUNDS + 1):
        reply = model(messages)  # 1. hand the messages to the model
        messages.append({"role": "assistant", "content": reply})
        if any(block["type"] == "tool_use" for block in reply):  # 2. any tools?
            results = run_tool_calls(reply, tools)  # 3. find and run each tool
            messages.append({"role": "user", "content": results})  # 4. send back
            continue  # 5. repeat until the model stops asking
        more = trigger_hooks("Stop", messages, extra_rounds > 0)  # non-None: go on
        if more is None:
            return messages
        if extra_rounds >= MAX_EXTRA_ROUNDS or round_no == MAX_ROUNDS:  # the guard
            print(f"[LOOP] Stop 钩子要求再来一轮，保护机制不再放行 / a Stop hook asked for"
                  f" another round ({more}), but the guard allows none: the run ends")
            return messages
        extra_rounds += 1
        print(f"[LOOP] Stop 钩子要求再来一轮 / a Stop hook asked for one more round: {more}")
        messages.append({"role": "user", "content": str(more)})
    print(f"[LOOP] 轮数用完，运行到此结束，不触发 Stop / {MAX_ROUNDS} rounds used up:"
          f" the run ends here, and Stop does not fire")
    return messages


def run_tool_calls(reply, tools):
    """One round of tool work: every tool_use block gets exactly one tool_result."""
    results = []
    for block in reply:
        if block["type"] != "tool_use":
            continue
        blocked = trigger_hooks("PreToolUse", block)  # non-None: intercept
        if blocked is not None:
            results.append(tool_result(block, str(blocked), is_error=True))
            continue  # neither the tool nor the remaining PreToolUse hooks run
        output = tools[block["name"]](**block["input"])
        trigger_hooks("PostToolUse", block, output)  # unused, but ends the chain
        results.append(tool_result(block, output))
    return results


def tool_result(block, content, is_error=False):
    return {"type": "tool_result", "tool_use_id": block["id"],
            "content": content, "is_error": is_error}
