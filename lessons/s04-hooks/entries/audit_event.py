from runtime import audit_event

entries = []
audit_event(event, payload, entries)

print("entries:", len(entries))
print(entries[0])
