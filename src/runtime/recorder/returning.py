"""What only a returning function's names held, let go of as it returns.

A list, dict, tuple, set or frozenset the recorder numbered is held strongly (letgo.py),
and let go of at the first look after the program dropped it. A function's local one is
dropped as the function returns, when the interpreter clears its frame; but the first look
after that is the caller's next event, and the caller may run more of its line first: in
``print(f(), "after")`` a ``__del__`` of what `f`'s list held printed after "after",
where a plain run prints it before. So as a function returns, the recorder lets go at
once of each such object that nobody but the frame and the recorder holds (the
interpreter's count of references says so, as in letgo.py), and of what only those hold
in turn: the frame's clearing, just after the return's callback, then frees them in the
interpreter's own order, as a plain run's does, and whatever that runs is traced as any
code is.

Only where the frame really goes with its return: a function's own frame (not a
generator's, a coroutine's, a class body's or a module's), that nothing but the
interpreter and the recorder holds (a traceback the program kept, or `sys._getframe()`,
keeps its names alive past the return). Not what a name holds through a cell (a closure
may keep it), nor what a name may hold without a reference of its own: Python 3.14 lends
a function the arguments its caller loads from its own names (a copy, `y = arg`, stays
lent) and its constants, so counting those names would hide the owner's reference (the
frame's first look keeps its arguments' ids for this: `FrameState.args`). Anything else
is looked at at the next event, as before.
"""

from sys import getrefcount

from .letgo import forget, inside, only_recorder_holds, soon

_MAX_LOOKS = 512  # a frame that holds more is left to the next events' looks


# What `getrefcount` reads for a returning function's frame that nothing else holds: the
# interpreter's link to it, the frame state's `frame` and `loc` (its `f_locals` proxy), and
# the return callback's own name for it (events.exit_callback; the calls from there to
# here lend it on). Tested both ways in tests/pyodide/lifetimes.test.ts: a frame that a
# kept traceback or `sys._getframe()` holds is never taken for going.
_FRAME_ALONE = 4


def _container(obj):
    """A list, dict, tuple, set or frozenset itself: no `__del__`, no subclass that could
    bring it back to life (types compared by identity: no metaclass of the program's is
    asked)."""
    tp = type(obj)
    return tp is list or tp is dict or tp is tuple or tp is set or tp is frozenset


def returns(values, st, frame):
    """`frame` (whose state is `st`, a function's, not a generator's) returns: let go at
    once of each pinned container that only its names and the recorder hold, and of what
    only those hold in turn (see above); what such a one held that is still held is
    looked at at the next event (the rest as `letgo.ended` scheduled)."""
    args = st.args
    held = st.scope.vals
    if args is None or not held:
        return
    ids = values.object_ids
    pinned = values.pinned
    # What its names held at the return's look and may let go of (not lent: see above)
    waiting = [oid for v in held if _container(v) and id(v) not in args
               and (oid := ids.get(id(v))) in pinned]
    if not waiting or getrefcount(frame) != _FRAME_ALONE:
        return
    code = st.code
    # References each container has from what goes with the frame: its slots and the
    # record of its names' last look (`held`: the return's own, so the slots' values but
    # for what a cell holds, which is the cell's), then the containers let go of below.
    owed = {}
    cells = code.co_cellvars or code.co_freevars
    if cells:
        cells = {*code.co_cellvars, *code.co_freevars}
    for name, v in zip(st.scope.keys, held, strict=True):
        if _container(v):
            owed[id(v)] = owed.get(id(v), 0) + (1 if cells and name in cells else 2)
    v = held = None
    borrowed = {*args, *map(id, code.co_consts)}  # (constants: lent by the code)
    keep = values.keep_alive
    inner = set()  # what a container let go of here held
    looks = 0
    progress = True
    while waiting and progress and looks < _MAX_LOOKS:
        progress = False
        rest = []
        for oid in waiting:
            entry = pinned.get(oid)
            if entry is None:
                continue
            looks += 1
            key = id(keep[oid - 1])  # (not named here: a name would count as a holder)
            if not _container(keep[oid - 1]) or key in borrowed or \
                    not only_recorder_holds(values, oid, key, entry[3], owed.get(key, 0)):
                rest.append(oid)
                continue
            within = inside(keep[oid - 1])
            for child in within:
                owed[id(child)] = owed.get(id(child), 0) + 1
            busy = values.died_busy
            linked = forget(values, oid, key, entry[3], within)
            within = child = None  # (a reference here would count as a holder's)
            values.died_busy = busy  # (what it holds dies after this callback, traced)
            inner.update(linked)
            rest += linked
            progress = True
        waiting = rest
    for oid in inner.intersection(waiting):  # (held elsewhere: looked at next)
        entry = pinned.get(oid)
        if entry is not None and entry[0]:
            soon(values, oid, entry)
