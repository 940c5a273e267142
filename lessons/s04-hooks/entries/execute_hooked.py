from runtime import execute_hooked

try:
    report = execute_hooked(call, tools, ask_user, hooks, blocked)
    crash = None
except RuntimeError as exc:  # only gate_crash: the gate's error comes straight through
    report, crash = None, f"{type(exc).__name__}: {exc}"

print("执行过的程序 / programs executed:", executions or "none")
print("调用到的钩子 / hooks reached:", " -> ".join(visited))
print("问过用户 / user was asked about:", shown_to_user or "nothing")
if crash is not None:
    print("execute_hooked 抛出 / raised:", crash)
else:
    result = report["result"]
    print("结果 / result for:", result["tool_use_id"], "| is_error:", result["is_error"])
    print("内容 / content:", repr(result["content"]))
    print("警告 / warnings:", report["warnings"])
