from hooks import AUDIT_LOG, PROMPT_LOG, TOOL_LOG
from loop import agent_loop

print(f"[USER] 用户输入 / prompt: {prompt}")
try:
    messages = agent_loop(scripted_model, tools, prompt)
except Exception as exc:  # whatever escapes the loop reaches the host
    print(f"[HOST] 运行中止 / the run stopped: {type(exc).__name__}: {exc}")

print("工具日志 / tool log:", TOOL_LOG)
print("审计记录 / audit log:", AUDIT_LOG)
if PROMPT_LOG:
    print("输入记录 / prompt log:", PROMPT_LOG)
