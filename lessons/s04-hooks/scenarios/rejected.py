# A before hook stopped the call; the result says so, and the audit keeps it verbatim.
from gate import NOT_EXECUTED, make_result

event = "after"
refusal = make_result(call, NOT_EXECUTED + "maintenance window", is_error=True)
payload = {"call": call, "result": refusal}
