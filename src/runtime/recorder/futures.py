"""asyncio's futures and tasks, shown by what they hold, and drawn again when they settle.

A `Task` or a `Future` is a C object whose `__dict__` is empty: drawn like any other object
it would show as ``<_asyncio.Task object>`` and nothing more. Its node shows what the
program can read from it with its own attributes: ``_state`` (``'PENDING'``,
``'FINISHED'`` or ``'CANCELLED'``), then, once finished, ``_result`` or ``_exception``, and
for a task the coroutine it runs (``_coro``). Each is read with the C type's own getter,
which runs no lesson code and changes nothing (not even whether an exception counts as
retrieved, as ``exception()`` would).

A future settles inside the event loop (`set_result` from C, a task's coroutine returning),
where no line of the program names it. So a future drawn while pending is remembered
(``Values.pending``, its id), and every event asks whether it still is: one that settled
is drawn again as part of that event (`moved`), and forgotten (a settled future never
changes again), as is one that died.
"""

from weakref import ref

try:
    import _asyncio
except ImportError:  # (a Python without the C accelerator: its futures are plain instances)
    _asyncio = None

if _asyncio is not None:
    FUTURE_TYPES = (_asyncio.Future,)
    _TASK = _asyncio.Task
    _state = _asyncio.Future.__dict__["_state"].__get__
    _result = _asyncio.Future.__dict__["_result"].__get__
    _exception = _asyncio.Future.__dict__["_exception"].__get__
    _coro = _asyncio.Task.__dict__["_coro"].__get__
else:
    FUTURE_TYPES = ()

_PENDING = "PENDING"
_FINISHED = "FINISHED"


def future_parts(values, obj, oid, tp):
    """``(name, value)`` of what the node of the future `obj` (numbered `oid`, of type
    `tp`) shows; a pending one is remembered in ``values.pending`` to be looked at again."""
    state = _state(obj)
    parts = [("_state", state)]
    if state == _PENDING:
        values.pending.add(oid)
    else:
        values.pending.discard(oid)
        if state == _FINISHED:
            exc = _exception(obj)
            parts.append(("_exception", exc) if exc is not None else ("_result", _result(obj)))
    if issubclass(tp, _TASK):
        coro = _coro(obj)
        if coro is not None:
            parts.append(("_coro", coro))
    return parts


def moved(values, roots):
    """Add to `roots` every future drawn pending that has settled since: the event being
    recorded draws it again (its node is never taken from a snapshot)."""
    keep = values.keep_alive
    for oid in tuple(values.pending):
        held = keep[oid - 1]
        fut = held() if type(held) is ref else held
        if fut is None:  # died: its id is forgotten (lifetimes.py)
            values.pending.discard(oid)
        elif _state(fut) != _PENDING:
            values.pending.discard(oid)
            roots.append(fut)
