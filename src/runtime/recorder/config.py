"""Constants shared by the recorder's modules: format version, event kinds, budgets and
the limits of what a rendering shows."""

import types

FORMAT_VERSION = 1

# Event kinds (must match EventKind in src/trace/trace.ts).
# K_UNWIND: the frame was left because an exception propagated out of it.
K_CALL, K_LINE, K_RETURN, K_EXCEPTION, K_UNWIND = 0, 1, 2, 3, 4

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

# Values whose rendering can never change while we hold a reference to them:
# for these an identity check replaces re-rendering on every event.
STABLE_TYPES = frozenset(
    [type(None), bool, int, float, complex, str, bytes, range, types.FunctionType,
     types.BuiltinFunctionType, types.MethodType, type, types.ModuleType]
)
# Values that have no meaningful identity for a student (no object id shown).
ATOM_TYPES = frozenset([type(None), bool, int, float, complex, str, bytes])

# The hot path (values.Values.encode and hotpath.emit) re-renders a value only when its
# rendering may have changed, and skips what cannot have. Set FAST_PATHS to False (before
# a run starts) to take the general path everywhere: the trace must be the same, byte for
# byte (tests/pyodide/perf-recorder.test.ts). Exact because:
# * an int's or a str's rendering is a function of its value, so it is looked up by
#   value (not a float's: -0.0 == 0.0, but they render differently);
# * an exact builtin container whose shown items (the first MAX_CHILDREN) are all
#   atoms renders the same as long as its length and those items (by identity) are
#   the same: the cache holds the items, so their ids cannot be reused meanwhile;
# * a variable bound to the same object as at its frame's previous event, of a type
#   in STABLE_TYPES, is skipped by the general path too.
FAST_PATHS = True


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
