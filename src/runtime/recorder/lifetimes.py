"""Object ids that do not keep the program's objects alive.

An id must never pass to another object, so the recorder keeps hold of what it numbered.
Holding an object strongly keeps it alive past the moment the program lets go of it, and a
plain run would have finalized it then: a suspended generator's ``finally`` (or ``with``
exit), a ``__del__``, a weak reference's callback (a ``WeakValueDictionary`` losing an
entry). So an object that can be weakly referenced is held weakly, and its id is forgotten
when it dies: a new object at its address gets a new id, and what it held that the
recorder holds strongly (what its record reached; for a function, what its cells and
defaults held: cells.py) is looked at at the next event, as it may be free now. Those that
cannot (lists, dicts, tuples, cells, the built-in exceptions, slotted instances), and sets,
which can but whose snapshot holds them, are held strongly, and let go of once only the
recorder holds them (letgo.py), with what they hold (a list's generators, an exception's
traceback and its frames).

An object that dies while the recorder is inside one of its callbacks (it held the last
reference: a name's previous value in its caches, an item of a container's previous
snapshot) runs its finalizer there, where nothing is traced. When the object runs code as
it dies (a generator closed, a ``__del__``), or the run names weak references, the event
being recorded looks at everything once more before it ends (``died_busy``,
events.after_deaths), so no step shows what the finalizer changed as it was before. Outside
the callbacks a lesson's own finalizer is traced like any code; one that is not (a library's
``__del__`` or generator), and any death in a run that names weak references (the standard
library's callbacks change a ``WeakValueDictionary`` without a traced line), make the
recorder look at everything from then on.
"""

import linecache
import sys
import traceback
import types
import warnings
from weakref import ref

from .cells import function_died, function_holds
from .letgo import dropped, watch
from .render import lookup

# A generator's, coroutine's and async generator's code, read with their own descriptors.
_CODE_OF = {
    types.GeneratorType: types.GeneratorType.__dict__["gi_code"].__get__,
    types.CoroutineType: types.CoroutineType.__dict__["cr_code"].__get__,
    types.AsyncGeneratorType: types.AsyncGeneratorType.__dict__["ag_code"].__get__,
}
_function_code = types.FunctionType.__dict__["__code__"].__get__
# Read with type's own descriptor: `tp.__weakrefoffset__` would ask a metaclass of the
# program's (its `__getattribute__`), running lesson code to record a value.
_weakrefoffset = type.__dict__["__weakrefoffset__"].__get__
# What unawaited_warning calls, taken before any lesson code ran: a lesson that patches
# these modules never has its code run inside the recorder's callbacks.
_getframe, _getline, _format_list = sys._getframe, linecache.getline, traceback.format_list
_warn, _warn_explicit = warnings.warn, warnings.warn_explicit


def _finalizer(tp, code):
    """What an object of type `tp` runs as it dies: ``None`` (nothing), ``False`` (code
    that is not traced: a library's ``__del__`` or generator) or the code object (a
    generator's or coroutine's `code`, closed; a class's ``__del__``, read from the classes'
    own dicts: no metaclass is asked)."""
    if code is not None:
        return code
    fn = lookup(tp, "__del__")
    if fn is None:
        return None
    return _function_code(fn) if type(fn) is types.FunctionType else False


def hold(values, obj, key, oid):
    """What `values.keep_alive` keeps for `obj` (id `key`, numbered `oid`): a weak
    reference that forgets the id when the object dies, or the object itself."""
    tp = type(obj)
    if not _weakrefoffset(tp) or tp is set or tp is frozenset:
        # let go of as the program does (letgo.py); (type's own check: no lesson metaclass)
        # A set can be weakly referenced, but its snapshot holds it (values._shallow_any,
        # as a list's does): held weakly, it would never die before the run's end.
        watch(values, oid, issubclass(tp, BaseException))
        return obj
    object_ids = values.object_ids
    recorded = values.recorded
    dependents = values.dependents
    code = _CODE_OF[tp](obj) if type(tp) is type and tp in _CODE_OF else None
    # (numbers, not the objects: a closure's cell often holds the function itself)
    holds = function_holds(obj) if tp is types.FunctionType else None

    def died(_ref):
        if object_ids.get(key) == oid:
            del object_ids[key]
        record = recorded.pop(oid, None)
        dependents.pop(oid, None)
        if record is not None and values.pinned:
            # What it held that the recorder holds strongly (a partial's arguments, a
            # list an instance held) may be free now: looked at at the next event.
            dropped(values, record[2], ())
        record = None
        if holds is not None and values.pinned:
            function_died(values, *holds)  # (what its cells and defaults held: cells.py)
        rec = values.recorder
        if rec is None:
            return
        ran = _finalizer(tp, code)
        if rec.busy:  # the recorder let go last: what ran, ran untraced
            if values.weak_code or ran is not None:
                values.died_busy = True
        elif values.weak_code or (ran is not None and (
                ran is False or id(ran) not in rec.code_files)):
            rec.brute = True  # untraced code may have changed anything: look everywhere

    return ref(obj, died)


def watch_suspended(values, frame):
    """A weak reference to the generator (or coroutine) whose `frame` just started, for
    its frame state to keep: should it die suspended at a `yield` that no `try` holds,
    Python lets go of its frame with no event (closing it has nothing to run), and its
    death queues the frame's end for the next event (letgo.let_go, Stack.suspended_died),
    where the recorder lets go of what its names held as a plain run's frame did. Every
    started one is watched, numbered or not: the one a `yield from` delegates to is on
    no name. (Its frame state holds the only reference: a frame that ends with an event
    drops it, and no callback comes.)"""
    gone = values.gone_frames
    key = id(frame)

    def died(_ref):
        gone.append(key)
        values.pinned_due = 0

    gen = frame.f_generator
    return ref(gen, died) if gen is not None else None


class _Weak(ref):
    """The recorder's own weak references in its tables: a type of their own, so that a
    program's `weakref.ref` held there (it cannot be weakly referenced) is never taken
    for one and called."""

    __slots__ = ()


def weakly(obj):
    """`obj` as a table other than `keep_alive` holds it: weakly when it can be."""
    return _Weak(obj) if _weakrefoffset(type(obj)) else obj


def strong(held):
    """What :func:`weakly` gave, as the object again (None once it died)."""
    return held() if type(held) is _Weak else held


def living(held):
    """The objects of `held` (what :func:`weakly` gave) that still live."""
    return [obj for obj in map(strong, tuple(held)) if obj is not None]


def unawaited_warning(rec):
    """What ``warnings._warn_unawaited_coroutine`` is during a run. A coroutine never
    awaited warns as it dies, naming the line Python is running then. When the recorder
    let go of it last (a name's previous value in its caches), that is inside one of its
    callbacks, and Python would name the recorder's own file and line: the warning names
    the lesson line that dropped it instead, as a plain run does (the innermost lesson
    frame's line that ran last: the callback is for its next one)."""
    code_files = rec.code_files

    def warn_unawaited(coro):
        text = f"coroutine '{coro.__qualname__}' was never awaited"
        origin = coro.cr_origin
        if origin is not None:  # sys.set_coroutine_origin_tracking_depth: where it was made
            made = [(f, n, fn, _getline(f, n)) for f, n, fn in reversed(origin)]
            text += "\nCoroutine created at (most recent call last)\n"
            text += "".join(_format_list(made)).rstrip("\n")
        frame = _getframe(1)
        while rec.busy and frame is not None and id(frame.f_code) not in code_files:
            frame = frame.f_back
        if not rec.busy or frame is None:
            # (the frame running as it died: the one below this function)
            return _warn(text, RuntimeWarning, stacklevel=2, source=coro)
        st = rec.frame_states.get(rec.live.get(id(frame)))
        line = st.line if st is not None and st.line else frame.f_lineno
        names = frame.f_globals
        return _warn_explicit(text, RuntimeWarning, frame.f_code.co_filename, line,
                              module=names.get("__name__"),
                              registry=names.setdefault("__warningregistry__", {}),
                              source=coro)

    return warn_unawaited
