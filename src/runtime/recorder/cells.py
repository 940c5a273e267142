"""What a function's cells and defaults held, looked at as the function dies.

A list, dict, tuple or set the recorder numbered is held strongly, and let go of at a look
that finds nobody else holding it (letgo.py). One that a function's cell holds (a name an
inner function reads, or one it rebinds with ``nonlocal``) is held by the cell once that
frame ends, and the cell by the closures that share it: when the program drops the last of
them (``h = None``, a registry's ``hooks.clear()``), the cell goes and the object with it,
in a plain run at once. The recorder hears of a closure's death from its weak reference
(lifetimes.hold), but a function's record reaches nothing, and the recorder cannot hold the
cells themselves to read them then: a closure's cell often holds the closure (a recursive
inner function, a hook that registers itself), and holding it would keep both alive to the
run's end. So it keeps the numbers of the pinned objects that cell and free names held as
their frames ended, and a closure's death asks for a look at those at the next event. A
look never lets go of what anything else holds (letgo.py): a number that no cell holds any
more costs one look, nothing else.

A function's default values are the same case (``def f(to=[])``: the list shown as `to`
in a call, the function dropped later): their addresses are kept as the function is first
seen (numbers again, never the objects), and its death asks for a look at whichever of them
is pinned by then.
"""

from types import FunctionType

from .letgo import soon

_closure_of = FunctionType.__dict__["__closure__"].__get__
_defaults_of = FunctionType.__dict__["__defaults__"].__get__
_kwdefaults_of = FunctionType.__dict__["__kwdefaults__"].__get__

_MAX = 64  # past this many still pinned, a closure's death leaves them to the schedule


def left_in_cells(values, st, names):
    """The frame of `st` ended, its code's cell and free variables being `names`: remember
    which pinned objects those names held."""
    ids = values.object_ids
    pinned = values.pinned
    celled = values.celled
    for name, v in zip(st.scope.keys, st.scope.vals, strict=True):
        if name in names and (oid := ids.get(id(v))) in pinned:
            celled.add(oid)
    if len(celled) > 4 * _MAX:
        _prune(values)


def function_holds(fn):
    """What to look at as the function `fn` dies, that its record does not reach: whether
    it has a closure, and the addresses of its default values; None when it has neither."""
    closure = _closure_of(fn) is not None
    defaults = _defaults_of(fn)
    # (exact types only: a subclass the program assigned could run its code when read)
    addresses = tuple(map(id, defaults)) if type(defaults) is tuple else ()
    keywords = _kwdefaults_of(fn)
    if type(keywords) is dict:
        addresses += tuple(map(id, keywords.values()))
    return (closure, addresses) if closure or addresses else None


def function_died(values, closure, addresses):
    """A function died, having a closure (`closure`) or default values at `addresses`:
    each pinned one of those, and each pinned object a cell held, is looked at at the next
    event (they may be free now)."""
    pinned = values.pinned
    ids = values.object_ids
    for address in addresses:
        entry = pinned.get(oid := ids.get(address))
        if entry is not None and entry[0]:
            soon(values, oid, entry)
    if closure:
        _closure_died(values)


def _closure_died(values):
    """A function with a closure died: what its cells held may be free now, so each pinned
    object a cell held is looked at at the next event."""
    pinned = values.pinned
    if len(values.celled) > _MAX and len(_prune(values)) > _MAX:
        return
    for oid in tuple(values.celled):
        entry = pinned.get(oid)
        if entry is None:
            values.celled.discard(oid)  # (let go of since)
        elif entry[0]:  # (unless a look of its own is due already)
            soon(values, oid, entry)


def _prune(values):
    """Forget the numbers of what has been let go of; the numbers left."""
    pinned = values.pinned
    values.celled = {oid for oid in values.celled if oid in pinned}
    return values.celled
