# The program ran through the lesson-3 executor; audit what came back.
from gate import execute_tool

event = "after"
payload = {"call": call, "result": execute_tool(call, tools)}
