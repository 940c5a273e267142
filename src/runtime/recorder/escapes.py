"""Functions that run code the recorder does not trace, drawn under names it cannot know.

A line that names ``exec``, ``eval``, ``setattr``... is looked at with care (lines.py). Under
another name (``run = exec``, ``eval`` passed as an argument) or as a function compiled from a
string (``exec("def bump(): ...")``, then ``bump()``), the same call names nothing the line
table knows, and what it changes would show only later. So when such a function is drawn
(`Values` notes it in ``watched``), the rest of the run is recorded looking further: every
frame's bindings and every namespace at every event ("frames"), or, for code that may change
any object, everything at every event (the brute-force look, ``True``).

``exec`` and ``eval`` may also be reached through no name at all (``getattr(builtins, "ex" +
"ec")(...)``, an item of a dict never drawn). Whatever the way, they run a module body of
their own, straight from the lesson's frame: ``started`` sees that code start (a global
PY_START event) and widens the look then."""

import builtins
import sys
import types

# Private references: a lesson that rebinds `builtins.exec` cannot hide the real one.
_WIDENS = {
    id(builtins.exec): True,  # runs any code: any object may change
    id(builtins.eval): True,
    id(builtins.globals): "frames",  # rebind names, or hand out what does
    id(builtins.locals): "frames",
    id(builtins.vars): "frames",
    id(builtins.setattr): "frames",
    id(builtins.delattr): "frames",
    id(builtins.__import__): "frames",
}
_KEEP = (builtins.exec, builtins.eval, builtins.globals, builtins.locals, builtins.vars,
         builtins.setattr, builtins.delattr, builtins.__import__)  # so the ids stay theirs
_globals_of = types.FunctionType.__dict__["__globals__"].__get__
_code_of = types.FunctionType.__dict__["__code__"].__get__
_DISABLE = sys.monitoring.DISABLE


def watch(obj, tp, kind, values):
    """Note in `values.watched` a function being drawn (of type `tp`, `kind` "function")
    that may call for a wider look (`widen` decides): one of the built-ins above, or a
    Python function whose globals are one of the run's namespaces, made by the lesson's
    code or compiled from a string."""
    if kind != "function":
        return
    if id(obj) in _WIDENS or (tp is types.FunctionType
                              and id(_globals_of(obj)) in values.namespaces):
        values.watched.append(obj)


def widen(rec, watched):
    """Widen `rec`'s look for the functions `watched` (then cleared) holds, as the module
    docstring says; a function of the lesson's own code needs nothing."""
    for obj in watched:
        mode = _WIDENS.get(id(obj))
        if mode is None and id(_code_of(obj)) not in rec.code_files:  # (ids: no hashing)
            mode = True  # compiled from a string: untraced, so it may change anything
        if mode is True or (mode == "frames" and rec.brute is not True):
            rec.brute = mode
    watched.clear()


def started(rec, code, frame):
    """The PY_START of `code`, which the recorder does not trace, in `frame`: a module body
    that a lesson frame runs directly is code handed to ``exec`` or ``eval`` (imports run
    theirs from importlib's frames; a library's own ``exec``, as ``dataclasses`` and
    ``namedtuple`` do, from the library's): everything is looked at from now on. Returns
    ``DISABLE``, so each such code object costs one call at most."""
    if code.co_name == "<module>" and id(frame.f_back) in rec.live:
        rec.brute = True
    return _DISABLE
