"""What a closure's cells held, looked at as the closure dies.

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
"""

from .letgo import soon

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


def closure_died(values):
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
