from gate import make_result
from runtime import run_hooks

event = "after" if SCENARIO == "post_error" else "before"
payload = {"call": call}
if event == "after":  # the after chain also receives the result of the finished run
    payload["result"] = make_result(call, "exit_code=0\n42", is_error=False)
report = run_hooks(hooks, event, payload)

print("链 / chain:", event)
print("调用到的钩子 / hooks reached:", " -> ".join(visited))
print("拦截理由 / blocked:", repr(report["blocked"]))
print("警告 / warnings:", report["warnings"])
print("second 看到 / second saw:", seen_by_second)
print("调用方手里 / caller still has:", call["id"], call["name"])
if SCENARIO == "late_register":
    print("现在注册的 / registered now:", ", ".join(f.__name__ for f in hooks["before"]))
