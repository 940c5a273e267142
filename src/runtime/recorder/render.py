"""Bounded, deterministic text renderings of values (insertion order kept, memory
addresses removed), which never run lesson code a builtin would not."""

import itertools
import re
import types

from .config import STOP

# Memory addresses in default reprs change from run to run; object ids replace them.
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
FAST_REPR = frozenset([type(None), bool, int, float])
CONTAINERS = (dict, list, tuple, set, frozenset)


def repr_atom(obj):
    try:
        return repr(obj)
    except ValueError:  # an int longer than sys.get_int_max_str_digits()
        return f"<int of about {int(obj.bit_length() * 0.30103) + 1:,} digits>"


def _builtin(tp, base, name):
    """``tp.name``, unless a lesson's subclass overrode it in Python: rendering a
    value must not run lesson code that may loop, raise or print (the lesson never
    called it), so the builtin base's own method is used instead."""
    method = getattr(tp, name, None)
    if method is None or isinstance(method, types.FunctionType):
        return getattr(base, name)
    return method


def _base_of(obj):
    for base in CONTAINERS:
        if isinstance(obj, base):
            return base
    return None


def head(obj, n):
    """The first n items of a builtin container (key/value pairs for a dict),
    without copying the rest of a huge one."""
    tp = type(obj)
    base = _base_of(obj)
    it = _builtin(tp, dict, "items")(obj) if base is dict else _builtin(tp, base, "__iter__")(obj)
    return list(itertools.islice(it, n))


def size_of(obj):
    tp = type(obj)
    return _builtin(tp, _base_of(obj), "__len__")(obj)


def text(obj):
    """A bounded, deterministic repr (insertion order kept, unlike reprlib)."""
    if type(obj) in FAST_REPR:
        return repr_atom(obj)
    out = _short(obj, 0, ())
    if len(out) > 160:
        out = out[:159] + "…"
    return out


def _short(obj, level, path):
    tp = type(obj)
    if tp in FAST_REPR:
        return repr_atom(obj)
    if tp is str:
        return repr(obj) if len(obj) <= 80 else repr(obj[:77]) + "…"
    if id(obj) in path:
        return {list: "[...]", dict: "{...}"}.get(tp, "(...)")
    if isinstance(obj, CONTAINERS):
        return _short_container(obj, tp, level, path)
    try:
        out = repr(obj)
    except STOP:  # a stop request must reach run(), never become a value
        raise
    except BaseException as exc:  # a user __repr__ may raise anything
        out = f"<repr failed: {type(exc).__name__}>"
    if " at 0x" in out:
        out = _ADDRESS.sub("", out)
    return out if len(out) <= 100 else out[:99] + "…"


def _short_container(obj, tp, level, path):
    if level >= 3:
        return "[…]" if isinstance(obj, list) else "(…)" if isinstance(obj, tuple) else "{…}"
    inner = path + (id(obj),)
    try:
        items = head(obj, 9)
    except STOP:
        raise
    except BaseException as exc:
        return f"<{tp.__name__}: {type(exc).__name__}>"
    if isinstance(obj, dict):
        parts = [f"{_short(k, level + 1, inner)}: {_short(v, level + 1, inner)}"
                 for k, v in items[:8]]
    else:
        parts = [_short(v, level + 1, inner) for v in items[:8]]
    if len(items) > 8:
        parts.append("…")
    body = ", ".join(parts)
    if isinstance(obj, dict):
        return "{" + body + "}" if tp is dict else f"{tp.__name__}({{{body}}})"
    if isinstance(obj, list):
        return "[" + body + "]" if tp is list else f"{tp.__name__}([{body}])"
    if isinstance(obj, tuple):
        if tp is not tuple:
            try:
                return _ADDRESS.sub("", repr(obj))[:160]
            except STOP:
                raise
            except BaseException:
                pass
        return "(" + body + ("," if len(items) == 1 else "") + ")"
    if not items:
        return f"{tp.__name__}()"
    return "{" + body + "}" if tp is set else f"{tp.__name__}({{{body}}})"
