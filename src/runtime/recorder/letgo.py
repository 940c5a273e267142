"""Caught exceptions let go of when the program lets go of them.

The built-in exceptions cannot be weakly referenced, so the recorder holds each one it
numbered (lifetimes.py), and with it the exception's traceback: the frames it passed
through, each frame's caller, and what their names held when they ended. Held to the run's
end, those outlive the program's last reference by the whole run: a generator the frames
held is closed after everything else (its ``finally`` late), an async generator is closed by
the loop's shutdown instead of as its coroutine ends, a coroutine warns of never being
awaited at the run's end, naming the recorder's own line.

So the recorder watches each exception it holds strongly, and once the interpreter's own
count of references says that nobody holds it but the recorder (its slot in
``keep_alive``, and the tables of objects whose text shows it), forgets its id and lets go:
it dies there, at the first event after the program dropped it (the event's recording then
looks at everything again: what died may have run code, lifetimes.died_busy). The count is
the interpreter's, so nothing the program holds, however it holds it, is ever let go of.

An exception is looked at every event for its first ``_EAGER`` events (an ``except`` block
ends within a few), then ever more rarely (one kept in a list may live for the whole run),
and at once when a name lets go of it or its frame ends (`again`), or when an exception that
held it as its context, cause or group member is let go of.
"""

from sys import getrefcount

_context = BaseException.__dict__["__context__"].__get__
_cause = BaseException.__dict__["__cause__"].__get__
_members = BaseExceptionGroup.__dict__["exceptions"].__get__
_EAGER = 32  # events an exception is looked at every time, after its first sight
_RAREST = 1024  # the longest wait between two looks at an exception still held elsewhere


def _count(seq, i):
    """The interpreter's count of references to ``seq[i]``, as read from here."""
    return getrefcount(seq[i])


# What `_count` reads for an object that only its slot holds: measured, since how many
# references a call and its argument add depends on the interpreter's version.
_ALONE = _count([object()], 0)


def watch(values, oid):
    """Watch the exception numbered `oid`, which `keep_alive` holds strongly: looked at
    from the next event on (``[when, gap, looks, shown]``, `shown`: the oids whose
    dependents' table holds it)."""
    values.exceptions[oid] = [0, 1, 0, set()]
    values.exceptions_due = 0


def _entry(values, obj):
    """The watch entry of `obj`, if it is a watched exception (else None)."""
    return values.exceptions.get(values.object_ids.get(id(obj)))


def shown_in(values, obj, child_oid):
    """The table of `child_oid`'s dependents holds `obj` from now on (dependents.py)."""
    entry = _entry(values, obj)
    if entry is not None:
        entry[3].add(child_oid)


def again(values, obj):
    """A name let go of `obj`, or the frame holding it ended: if it is a watched exception,
    it is looked at at the next event, whatever its schedule."""
    entry = _entry(values, obj)
    if entry is not None:
        entry[0] = 0
        values.exceptions_due = 0


def let_go(values, now):
    """At event `now`: let go of each watched exception only the recorder holds, and then
    look again at once at those it held itself (its context, cause, or group's members),
    whatever their schedule: they may be free now."""
    keep = values.keep_alive
    tables = values.dependents
    exceptions = values.exceptions
    due = None
    pending = True
    while pending:
        pending = False
        for oid, entry in tuple(exceptions.items()):
            when, gap, looks, shown = entry
            if when <= now:
                key = id(keep[oid - 1])
                held = 0  # references from the tables of what its text shows
                for child in shown:
                    table = tables.get(child)
                    if table is not None and id(table.get(key)) == key:
                        held += 1
                if _count(keep, oid - 1) == _ALONE + held:
                    linked = _linked(values, keep[oid - 1])
                    _forget(values, oid, key, shown)
                    for other in linked:
                        if other in exceptions:
                            exceptions[other][0] = now
                            pending = True
                    continue
                looks += 1
                if looks >= _EAGER:
                    gap = min(gap * 2, _RAREST)
                when = now + gap
                entry[0], entry[1], entry[2] = when, gap, looks
            if due is None or when < due:
                due = when
        if pending:
            due = None
    values.exceptions_due = due if due is not None else 0


def _linked(values, exc):
    """The ids of the watched exceptions `exc` holds: its context and cause, and the
    members of an exception group (read with BaseException's own descriptors)."""
    found = [_context(exc), _cause(exc)]
    if isinstance(exc, BaseExceptionGroup):
        found.extend(_members(exc))
    ids = values.object_ids
    return [oid for oid in (ids.get(id(e)) for e in found if e is not None) if oid]


def _forget(values, oid, key, shown):
    """Forget the exception `oid` (id `key`) wherever the recorder holds it: it dies."""
    if values.object_ids.get(key) == oid:
        del values.object_ids[key]
    del values.exceptions[oid]
    values.recorded.pop(oid, None)
    values.dependents.pop(oid, None)
    for child in shown:
        table = values.dependents.get(child)
        if table is not None and id(table.get(key)) == key:
            del table[key]
    values.died_busy = True  # what it held may run code as it goes: look again
    values.keep_alive[oid - 1] = None  # (the last reference: it dies here)
