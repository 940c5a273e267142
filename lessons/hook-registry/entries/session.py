from hooks import AUDIT_LOG, TOOL_LOG
from loop import agent_loop

print(f"[USER] {prompt}")
messages = agent_loop(scripted_model, tools, prompt)

print("tool log:", TOOL_LOG)
print("audit log:", AUDIT_LOG)
