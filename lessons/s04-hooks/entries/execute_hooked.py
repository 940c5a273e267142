from runtime import execute_hooked

report = execute_hooked(call, tools, ask_user, hooks)
result = report["result"]

print("programs executed:", executions or "none")
print("hooks reached:", " -> ".join(visited))
print("user was asked about:", shown_to_user or "nothing")
print("result for:", result["tool_use_id"], "| is_error:", result["is_error"])
print("content:", repr(result["content"]))
print("warnings:", report["warnings"])
