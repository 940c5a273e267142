from runtime import run_hooks

event = "after" if SCENARIO == "post_error" else "before"
report = run_hooks(hooks, event, {"call": call})

print("event:", event)
print("visited:", " -> ".join(visited))
print("blocked:", report["blocked"])
print("warnings:", report["warnings"])
print("second saw:", seen_by_second)
print("caller still has:", call["id"], call["name"])
