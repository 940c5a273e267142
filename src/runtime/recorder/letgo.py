"""Objects held strongly let go of when the program lets go of them.

Lists, dicts, tuples, cells, the built-in exceptions and slotted instances cannot be weakly
referenced (and a set's snapshot holds it), so the recorder holds each one it numbered
(lifetimes.py), and with it what it holds: a list's items, an exception's traceback (the
frames it passed through and what their names held). Held to the run's end, those outlive
the program's last reference by the whole run: a ``__del__`` runs late (after the lines that
follow, in another order), a generator is closed after everything else (its ``finally``
late), an async generator is closed by the loop's shutdown instead of as its coroutine
ends, a coroutine warns of never being awaited at the run's end, naming the recorder's own
line.

So the recorder watches each object it holds strongly ("pinned"), and once the
interpreter's own count of references says that nobody holds it but the recorder (its slot
in ``keep_alive``, its own record, and the tables of objects whose text shows it), forgets
its id and lets go: it dies there, at the first look after the program dropped it, and what
only it held dies with it, depth first in the order the interpreter lets go of a
container's items, as in a plain run. (If what died may have run code, the event's
recording then looks at everything again: lifetimes.died_busy.) The count is the
interpreter's, so nothing the program holds, however it holds it, is ever let go of.

A pinned object is looked at at the next event when a name lets go of it (`again`), the
frame whose name held it ends (unless its caller's names hold it), or an object that held
it is recorded without it (`dropped`); and otherwise on a schedule: every event for its
first few (an exception for ``_EAGER``: an ``except`` block ends within a few; anything
else for ``_EAGER_OTHER``: a list a function returned into an expression goes at once),
then ever more rarely, at most every ``_RAREST`` events (or ``_SPREAD`` per pinned object
when there are many). The looks wait in a heap by event, so an event looks only at what is
due. Once ``_MANY`` objects are pinned, a new one other than an exception has no first
looks of its own, and the scheduled looks past an exception's first few take one event in
``_EVERY`` (the others wait their turn): a program that keeps many lists pays a bounded
share of each event for them.
"""

from gc import get_referents
from heapq import heappop, heappush
from inspect import CO_OPTIMIZED
from itertools import repeat
from operator import is_
from sys import getrefcount

from .config import is_object

NEVER = 1 << 62  # `pinned_due` while nothing is pinned: no event looks
_members = BaseExceptionGroup.__dict__["exceptions"].__get__
_traceback_of = BaseException.__dict__["__traceback__"].__get__
_EAGER = 32  # events an exception is looked at every time, after its first sight
_EAGER_OTHER = 2  # the same for any other, while few are pinned (else, none)
_EVERY = 4  # past those, one scheduled look per this many events at most (others wait)...
_MANY = 64  # ...once this many objects are pinned (before, every look when it is due)
_RAREST = 1024  # the longest wait between two looks at an object still held elsewhere...
_SPREAD = 16  # ...or this many events per pinned object, when there are more than 64


def _count(seq, i):
    """The interpreter's count of references to ``seq[i]``, as read from here."""
    return getrefcount(seq[i])


# What `_count` reads for an object that only its slot holds: measured, since how many
# references a call and its argument add depends on the interpreter's version.
_ALONE = _count([object()], 0)


def watch(values, oid, exception):
    """Watch the object numbered `oid`, which `keep_alive` holds strongly (an `exception`,
    or not): looked at from the next event on. Its entry is ``[when, gap, looks, shown]``:
    `when` 0 is a look of its own, 1 a scheduled one (it waits its turn); `shown`, the oids
    whose dependents' table holds it (an empty tuple, a set once there is one)."""
    if exception:
        when, looks = 0, 0
    elif len(values.pinned) < _MANY:
        when, looks = 0, _EAGER - _EAGER_OTHER
    else:
        when, looks = 1, _EAGER
    values.pinned[oid] = [when, 1, looks, ()]
    heappush(values.pinned_heap, (when, oid))
    values.pinned_due = 0


def _entry(values, obj):
    """The watch entry of `obj`, if it is pinned (else None)."""
    return values.pinned.get(values.object_ids.get(id(obj)))


def shown_in(values, obj, child_oid):
    """The table of `child_oid`'s dependents holds `obj` from now on (dependents.py)."""
    entry = _entry(values, obj)
    if entry is not None:
        if not entry[3]:
            entry[3] = set()
        entry[3].add(child_oid)


def again(values, obj):
    """A name let go of `obj`, or the frame holding it ended: if it is pinned, it is looked
    at at the next event, whatever its schedule."""
    oid = values.object_ids.get(id(obj))
    entry = values.pinned.get(oid)
    if entry is not None and entry[0]:
        soon(values, oid, entry)


def ended(values, vals, stack, frame):
    """`frame`, whose names held `vals`, ended: each pinned one of them is looked at at the
    next event, unless its caller's names held it at their last look (`stack`'s
    `caller_names`: the caller has not run since, and a look that finds one of its names
    rebound calls `again`)."""
    ids = values.object_ids
    pinned = values.pinned
    for obj in vals:
        if type(obj) is int or type(obj) is str:  # (the commonest atoms: nothing to look at)
            continue
        oid = ids.get(id(obj))
        entry = pinned.get(oid)
        if entry is not None and entry[0] \
                and not any(map(is_, stack.caller_names(frame), repeat(obj))):
            soon(values, oid, entry)


def dropped(values, old, new):
    """An object held `old` when it was last recorded, and holds `new` now: each pinned
    object among `old` that it no longer holds is looked at at the next event (a list's
    item popped, a dict's value deleted, an attribute rebound)."""
    pinned = values.pinned
    ids = values.object_ids
    now = None
    for child in old:
        if is_object(child) and (entry := pinned.get(ids.get(id(child)))) is not None \
                and entry[0]:
            if now is None:
                now = set(map(id, new))
            if id(child) not in now:
                soon(values, ids[id(child)], entry)


def soon(values, oid, entry):
    """Look at the pinned `oid` at the next event, and if that finds it held, at the one
    after too (then ever more rarely, as from its first looks): a frame the interpreter is
    clearing still holds it while a finalizer that clearing set off runs its events."""
    entry[0], entry[1] = 0, 1
    if entry[2] > _EAGER - 2:
        entry[2] = _EAGER - 2
    heappush(values.pinned_heap, (0, oid))
    values.pinned_due = 0


def let_go(values, now):
    """At event `now`: end the frames of the generators that died suspended since the
    previous event (lifetimes.watch_suspended), let go of each pinned object due that only the
    recorder holds, and at once of what it held that only the recorder holds now, depth
    first, in the order the interpreter lets go of a container's items (as a plain run's
    objects die); again if that let go of more generators."""
    gone = values.gone_frames
    if gone:
        values.recorder.frames_end()
    pinned = values.pinned
    heap = values.pinned_heap
    rarest = max(_RAREST, len(pinned) * _SPREAD)
    limited = len(pinned) >= _MANY  # (then one scheduled look per _EVERY events, at most)
    budget = 0 if now % _EVERY else 1
    while heap and heap[0][0] <= now:
        when, oid = heappop(heap)
        entry = pinned.get(oid)
        if entry is None or entry[0] != when:
            continue  # (let go of already, or looked at since: a stale place in the heap)
        if limited and when and entry[2] >= _EAGER:  # a scheduled look past the first few
            if not budget:  # (its turn: the next event that has one)
                heappush(heap, (when, oid))
                values.pinned_due = now + 1 if gone else now - now % _EVERY + _EVERY
                return
            budget -= 1
        linked = _free(values, oid, entry[3])
        if linked is None:
            gap, looks = entry[1], entry[2] + 1
            if looks >= _EAGER:
                gap = min(gap * 2, rarest)
            entry[0], entry[1], entry[2] = now + gap, gap, looks
            heappush(heap, (now + gap, oid))
            continue
        linked.reverse()
        while linked:  # (a stack: what a freed object held goes before its next sibling)
            other = pinned.get(oid := linked.pop())
            if other is not None and (more := _free(values, oid, other[3])) is not None:
                more.reverse()
                linked += more
    while heap and ((entry := pinned.get(heap[0][1])) is None or entry[0] != heap[0][0]):
        heappop(heap)  # (stale places: no event needs to wake for them)
    values.pinned_due = heap[0][0] if heap else NEVER
    if gone:  # (generators that died with what was let go of)
        let_go(values, now)


def _free(values, oid, shown):
    """Let go of the pinned `oid` if only the recorder holds it (its slot in
    ``keep_alive``, its own record, and the dependents' tables of `shown`): the ids of
    the numbered objects it held, in the interpreter's order; else None."""
    key = id(values.keep_alive[oid - 1])
    if not only_recorder_holds(values, oid, key, shown):
        return None
    return forget(values, oid, key, shown)


def only_recorder_holds(values, oid, key, shown, others=0):
    """Whether the interpreter's count says that nobody holds the pinned `oid` (id `key`)
    but the recorder (its slot in ``keep_alive``, its own record, and the dependents'
    tables of `shown`) and the `others` references the caller accounts for."""
    tables = values.dependents
    held = _own(values.recorded.get(oid), key) + others
    for child in shown:  # (the tables of what its text shows)
        table = tables.get(child)
        if table is not None and id(table.get(key)) == key:
            held += 1
    return _count(values.keep_alive, oid - 1) == _ALONE + held


def _own(record, key):
    """How many references to the object `key` its own record holds (values.reach: a
    container's snapshot holds the container, a tuple's snapshot and reach may be the
    tuple itself). (A container that holds itself is never counted free: as in a plain
    run, only the collector could free it.)"""
    if record is None:
        return 0
    snap = record[1]
    if type(snap) is tuple:  # (ids compared as ints: no object's __eq__ is asked)
        return [*map(id, record), *map(id, snap)].count(key)
    return [*map(id, record)].count(key)


def inside(obj):
    """What `obj` holds directly (an exception group: its members too), read by the
    interpreter's own traversal: no lesson code runs."""
    found = get_referents(obj)
    if issubclass(type(obj), BaseExceptionGroup):  # (type's own check: no lesson code)
        found.extend(_members(obj))
    return found


def _ended_frames_hold(values, exc):
    """What the function frames in `exc`'s traceback that have ended held in their names,
    innermost frame first, each frame's last name first (as they go when it goes)."""
    frames = []
    tb = _traceback_of(exc)
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    live = values.recorder.live if values.recorder is not None else {}
    held = []
    for frame in reversed(frames):
        if id(frame) not in live and frame.f_code.co_flags & CO_OPTIMIZED:
            held.extend(reversed(list(frame.f_locals.values())))
    return held


def forget(values, oid, key, shown, within=None):
    """Forget the object `oid` (id `key`) wherever the recorder holds it: it dies, and with
    it what only it held (`within`, if the caller read it already). Returns the ids of the
    objects it held that are numbered (pinned ones may be free now), in the order the
    interpreter lets go of them."""
    ids = values.object_ids
    if ids.get(key) == oid:
        del ids[key]
    del values.pinned[oid]
    record = values.recorded.pop(oid, None)
    values.dependents.pop(oid, None)
    for child in shown:
        table = values.dependents.get(child)
        if table is not None and id(table.get(key)) == key:
            del table[key]
    linked = []
    if within is None:
        within = inside(values.keep_alive[oid - 1])
    for obj in within:
        other = ids.get(id(obj))
        if other is not None:
            linked.append(other)
        elif is_object(obj):  # not numbered: it may run code as it goes, untraced (one
            values.died_busy = True  # numbered either lives on, pinned, or says so as it
            # dies: lifetimes.hold)
    # What it reached through something not numbered, free once that goes, looked at after
    # the rest: through its record (a zip's iterators, held in a tuple of its own), and for
    # an exception through the ended frames of its traceback (a generator closed with a
    # GeneratorExit it never saw: the iterator its frame held).
    reach = record[2] if record is not None else ()
    held = values.keep_alive[oid - 1]
    if issubclass(type(held), BaseException):  # (type's own check: no lesson code)
        reach = [*reach, *_ended_frames_hold(values, held)]
    if reach:
        known = set(linked)
        for obj in reach:
            other = ids.get(id(obj))
            if other is not None and other not in known:
                known.add(other)
                linked.append(other)
    held = reach = None
    within = obj = record = None  # (held here, they would die in its order)
    values.keep_alive[oid - 1] = None  # (the last reference: it dies here)
    return linked
