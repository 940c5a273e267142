"""Constants shared by the recorder's modules: format version, event kinds, budgets and
the limits of what a rendering shows."""

from inspect import CO_ASYNC_GENERATOR, CO_COROUTINE, CO_GENERATOR

# 2: object-centric (bindings refer to objects; object contents recorded on the object).
# 3: an int of the value table may be written as a bare JSON number (trace-format.md).
# 4: each binary column padded with zeros to a multiple of 4 bytes (serialise.py), so the
#    reader views every column in place.
# 5: a generator's yield is an event of its own (K_YIELD), no longer recorded as a return.
FORMAT_VERSION = 5

# Event kinds (must match EventKind in src/trace/meta.ts).
# K_UNWIND: the frame was left because an exception propagated out of it.
# K_YIELD: a generator (or coroutine) handed a value out and stopped, to be resumed later.
K_CALL, K_LINE, K_RETURN, K_EXCEPTION, K_UNWIND, K_YIELD = 0, 1, 2, 3, 4, 5

# The flags of code whose frame can be suspended and resumed: a generator's, a
# coroutine's, an async generator's.
SUSPENDS = CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR

HARD_MAX_EVENTS = 5_000_000
HARD_MAX_SECONDS = 30.0
DEFAULT_MAX_EVENTS = 1_000_000
DEFAULT_MAX_SECONDS = 1.5
MAX_OUTPUT_CHARS = 1_000_000
MAX_VALUES = 200_000
MAX_DEPTH = 3
MAX_CHILDREN = 30
# Deeper calls stop the run. Only reachable when a lesson raised
# sys.setrecursionlimit: in Pyodide an exception unwinding ~5,000 frames overflows
# the JavaScript stack (a fatal error that kills the interpreter), and the depth
# column is 16-bit.
MAX_CALL_DEPTH = 3_000

# Value renderings between two clock reads of the time budget: one event may
# render a large structure, so counting events alone could read the clock too late.
WORK_PER_CLOCK_CHECK = 4096


def plain_types(*groups):
    """A frozenset of the types in `groups`, each of them made by `type` itself (builtin,
    library or the recorder's own types are). A lesson's type is never hashed nor compared
    unless its metaclass is `type` too: hashing a class runs its metaclass's `__hash__`
    (the program's own code; a metaclass with `__eq__` and no `__hash__` makes its classes
    unhashable), and `tp in (list, tuple)` runs its `__eq__`. So a test against such a set
    reads ``type(tp) is type and tp in S`` (``type(t := type(x)) is type and t in S``),
    and a cache by type goes through `kinds.by_type`, which keys a type of another
    metaclass by its id."""
    found = frozenset(tp for group in groups for tp in group)
    for tp in found:
        if type(tp) is not type:
            raise TypeError(f"{tp!r} is not made by type")
    return found


# Values that have no meaningful identity for a student (no object id shown).
ATOM_TYPES = plain_types([type(None), bool, int, float, complex, str, bytes])


def is_object(obj):
    """Whether `obj` is an object, not an atom (its type not in ATOM_TYPES, tested as
    `plain_types` says). The hot path writes the same test in place, ints first:
    ``(t := type(obj)) is not int and (type(t) is not type or t not in ATOM_TYPES)``."""
    tp = type(obj)
    return tp is not int and (type(tp) is not type or tp not in ATOM_TYPES)


class BudgetExceeded(BaseException):
    """Raised inside traced code when a budget runs out.

    A BaseException so that ``except Exception`` in lesson code cannot swallow it.
    """


# Exceptions that mean "stop this run now": the recorder's own handlers must let
# them through. Lesson code the recorder calls while rendering a value (a user
# ``__repr__``) runs inside a monitoring callback, where CPython delivers no events,
# so no budget can stop it: only Pyodide's interrupt buffer (KeyboardInterrupt) can,
# and it must not be swallowed as "<repr failed>".
STOP = (BudgetExceeded, KeyboardInterrupt)

# How deep the recorder follows references from a name to find objects that changed
# (and the reader shows them): deeper objects are shown as not recorded.
MAX_REACH_DEPTH = 64

# Verification only (tests/pyodide/objects.test.ts): look at every name of every frame
# on the stack and every object they reach at every event, instead of what the line that
# ran can touch. The two must show the same state at every event.
BRUTE_FORCE = False
