from hooks import AUDIT_LOG, PROMPT_LOG, TOOL_LOG
from loop import agent_loop

print(f"[USER] {prompt}")
try:
    messages = agent_loop(scripted_model, tools, prompt)
except Exception as exc:  # whatever escapes the loop reaches the host
    print(f"[HOST] the run stopped: {type(exc).__name__}: {exc}")

print("tool log:", TOOL_LOG)
print("audit log:", AUDIT_LOG)
if PROMPT_LOG:
    print("prompt log:", PROMPT_LOG)
