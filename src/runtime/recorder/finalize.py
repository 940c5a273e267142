"""The run's leftover objects are finalized at its end, not during a later run.

A lesson's `__del__`, a weak reference's callback or a suspended generator's `finally` runs
when its object is collected. The run's objects become garbage only as the interpreter is
put back (its namespaces, in a cycle with their functions, and whatever it left in the
standard library's tables), and the collector would find them some time later: in the
middle of the next run, whose `json.dumps` a `__del__` could then replace. So after a run
whose code could run as a finalizer (`may_finalize`), the interpreter is put back,
everything unreachable is collected at once, and the interpreter is put back once more:
a finalizer may have run the run's code, and any warning one raised (a coroutine never
awaited, an event loop never closed) left Python's `__warningregistry__` in the globals of
the code it was attributed to, the recorder's own module among them, which the seal
refuses. What finalizers print while collected goes nowhere: the run's output is closed.

A full collection looks at every object the interpreter holds (8 ms in Node for the 29,000
of the baseline), so a run with no such code skips it. Freezing the baseline
(`gc.freeze()`) would make it cheap, but made the recorder's loops up to 1.6 times slower:
the collections during a run then walk its large tables more often.
"""

import gc
import sys

from .config import SUSPENDS

_collect = gc.collect
# A code object that may run as a finalizer: a generator's or coroutine's (SUSPENDS: its
# `finally`, `with` and `except` blocks run when it is closed; not a generator
# expression's, which has none), `__del__`, the methods the standard library's own
# `__del__` calls (`io.IOBase`: close, then flush) ...
_FINALIZER_NAMES = frozenset(("__del__", "close", "flush"))
# ... and code that names weak references, whose callbacks run when their object dies.
_WEAK_NAMES = frozenset(("weakref", "_weakref", "ref", "proxy", "finalize", "WeakMethod",
                         "WeakSet", "WeakKeyDictionary", "WeakValueDictionary"))


def may_finalize(codes):
    """Whether any of `codes` (the run's code objects) could run after its object died."""
    for code in codes:
        if code.co_flags & SUSPENDS and code.co_name != "<genexpr>":
            return True
        if code.co_name in _FINALIZER_NAMES:
            return True
    return names_weak_references(codes)


def names_weak_references(codes):
    """Whether any of `codes` names weak references, whose callbacks run as objects die."""
    return any(not _WEAK_NAMES.isdisjoint(code.co_names) for code in codes)


class _Sink:
    """Where the finalizers' output goes."""

    def write(self, text):
        return len(text)

    def flush(self):
        pass


def finalize_run(codes, restore):
    """`restore()` the interpreter; if `codes` (the run's code objects) may finalize,
    collect what the run left and `restore()` again (see above)."""
    restore()  # (which puts back sys.stdout: the sink comes after it)
    if not may_finalize(codes):
        return
    out, err = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = _Sink()
    try:
        _collect()
    finally:
        sys.stdout, sys.stderr = out, err
    restore()
