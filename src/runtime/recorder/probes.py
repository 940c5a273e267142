"""Breakpoint conditions and logpoints, evaluated in the live frame at a line event."""

from .render import text


def run_probes(probes, frame, event, results):
    """Evaluate each probe of a line in `frame`; append `[event, id, kind, text]` rows
    to `results` ("ok" with "1"/"" for a condition, "log", or "error")."""
    for probe in probes:
        try:
            if probe.get("condition"):
                result = eval(probe["condition"], frame.f_globals, frame.f_locals)
                results.append([event, probe["id"], "ok", "1" if result else ""])
            if probe.get("log") is not None:
                results.append([event, probe["id"], "log", format_log(probe["log"], frame)])
        except Exception as exc:
            # A SyntaxError's text names "<string>, line 1", the eval's own source: noise.
            said = exc.msg if isinstance(exc, SyntaxError) and exc.msg else exc
            results.append([event, probe["id"], "error", f"{type(exc).__name__}: {said}"])


def format_log(template, frame):
    """A logpoint message: `{expr}` evaluated in the frame, `{{`/`}}` for braces."""
    out = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch == "{" and template.startswith("{{", i):
            out.append("{")
            i += 2
        elif ch == "}" and template.startswith("}}", i):
            out.append("}")
            i += 2
        elif ch == "{":
            end = template.find("}", i)
            if end < 0:
                raise SyntaxError("unclosed '{' in log message")
            value = eval(template[i + 1 : end], frame.f_globals, frame.f_locals)
            out.append(value if isinstance(value, str) else text(value))
            i = end + 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)
