"""Breakpoint conditions and logpoints, evaluated in the live frame at a line event."""

import ast

from .render import text, type_name


def run_probes(probes, frame, event, results):
    """Evaluate each probe of a line in `frame`; append `[event, id, kind, text]` rows
    to `results` ("ok" with "1"/"" for a condition, "log", or "error").

    A log message is evaluated only where the page shows it: when the condition (if any)
    holds and, with a hit count, at that hit of those only. It is the program's own code
    (`{stack.pop()}` changes the stack), so evaluating it anywhere else would record a run
    the program, as the reader set it up, does not make. The hits are counted on the
    probe itself: it belongs to this run's request."""
    for probe in probes:
        try:
            if probe.get("condition"):
                result = eval(probe["condition"], frame.f_globals, frame.f_locals)
                results.append([event, probe["id"], "ok", "1" if result else ""])
                if not result:
                    continue
            if probe.get("log") is not None:
                probe["hits"] = hits = probe.get("hits", 0) + 1
                wanted = probe.get("hitCount")
                if wanted and hits != wanted:
                    continue
                results.append([event, probe["id"], "log", format_log(probe["log"], frame)])
        except Exception as exc:
            # A SyntaxError's text names "<string>, line 1", the eval's own source: noise.
            said = exc.msg if isinstance(exc, SyntaxError) and exc.msg else exc
            results.append([event, probe["id"], "error", f"{type_name(type(exc))}: {said}"])


def format_log(template, frame):
    """A logpoint message, read as the body of an f-string: `{expr}` evaluated in the
    frame, with `!r`/`!s`/`!a`, a format spec (`{x:.2f}`), `{x=}`, and `{{`/`}}` for braces.
    A value is written as the debugger shows it (a string as it is), never through the
    program's own `__str__`; a format spec asks for `format()`, which may call it."""
    out = []
    for part in _log_parts(template):
        if isinstance(part, str):
            out.append(part)
            continue
        code, conversion, spec = part
        value = eval(code, frame.f_globals, frame.f_locals)
        if spec is not None:
            out.append(format(value, format_log(spec, frame) if spec else ""))
        elif conversion in (_R, _A) or not isinstance(value, str):
            shown = text(value)
            out.append(ascii(value) if conversion == _A and isinstance(value, str) else shown)
        else:
            out.append(value)
    return "".join(out)


_R, _A = ord("r"), ord("a")


def _log_parts(template):
    """The template's literal texts and ``(code, conversion, spec)`` fields, parsed as
    Python parses an f-string (with its own errors, such as an unclosed brace). Parsed at
    each use: a cache in this module would be state one run leaves for the next."""
    tree = ast.parse("f" + repr(template), mode="eval").body
    parts = []
    for node in tree.values if isinstance(tree, ast.JoinedStr) else [tree]:
        if isinstance(node, ast.Constant):
            parts.append(node.value)
            continue
        code = compile(ast.Expression(node.value), "<log>", "eval")
        spec = None
        if node.format_spec is not None:
            spec = ast.unparse(node.format_spec)[2:-1]  # f'...' → its body
        parts.append((code, node.conversion, spec))
    return parts
