from runtime import host_executor, lesson_hooks

wiring = lesson_hooks(audit_log, maintenance_reason)
if SCENARIO == "wired_audit_last":
    wiring["before"].reverse()  # the swap: the maintenance check now comes first
execute = host_executor(tools, ask_user, wiring, host_warnings)
result = execute(call)  # exactly what the agent loop does with each tool call

print("before 链 / before chain:", ", ".join(f.__name__ for f in wiring["before"]))
print("执行过的程序 / programs executed:", executions or "none")
print("模型看到的结果 / the model sees:", result["tool_use_id"], "| is_error:",
      result["is_error"], "|", repr(result["content"]))
print("审计记录 / audit records:", len(audit_log))
for entry in audit_log:
    print("  ", entry)
print("宿主警告 / host warnings:", host_warnings)
