"""Execution recorder for the playground.

Runs a lesson's Python files (sources, setup, scenario script, entry) exactly as
written and records what happens with ``sys.monitoring`` (PEP 669): one event per
function start, line, return and exception in *lesson* code only.  Library code
(``copy.deepcopy`` and friends) is never instrumented, which is what makes this
recorder cheap enough for million-event traces.

The trace is columnar so that the browser can keep a million events in a few
dozen megabytes and step anywhere without decoding anything:

* one fixed-width row per event, stored in ``array`` columns (see ROW_COLUMNS);
* local variables are stored as *changes* (name, value) per event, never as full
  snapshots;
* values are interned: each distinct rendered value is stored once in a table
  and referred to by index; mutable objects carry a small stable object id so
  that aliasing and copies are visible;
* output is one string; each event stores how much of it existed at that point.

``record(request_json)`` returns ``(meta_json, columns_bytes)``.  The JSON layout
is documented in docs/trace-format.md and mirrored in src/trace/trace.ts.
"""

import array
import builtins
import itertools
import json
import linecache
import re
import sys
import time
import traceback
import types
from itertools import compress, count, islice
from operator import is_, is_not, or_

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

# Values whose rendering can never change while we hold a reference to them:
# for these an identity check replaces re-rendering on every event.
STABLE_TYPES = frozenset(
    [type(None), bool, int, float, complex, str, bytes, range, types.FunctionType,
     types.BuiltinFunctionType, types.MethodType, type, types.ModuleType]
)
# Values that have no meaningful identity for a student (no object id shown).
ATOM_TYPES = frozenset([type(None), bool, int, float, complex, str, bytes])

# Memory addresses in default reprs change from run to run; object ids replace them.
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_FAST_REPR = frozenset([type(None), bool, int, float])

# The hot path (_Values.encode and _Recorder.emit) re-renders a value only when its
# rendering may have changed, and skips what cannot have. Set FAST_PATHS to False to
# take the general path everywhere: the trace must be the same, byte for byte
# (tests/pyodide/perf-recorder.test.ts). Exact because:
# * an int's or a str's rendering is a function of its value, so it is looked up by
#   value (not a float's: -0.0 == 0.0, but they render differently);
# * an exact builtin container whose shown items (the first MAX_CHILDREN) are all
#   atoms renders the same as long as its length and those items (by identity) are
#   the same: the cache holds the items, so their ids cannot be reused meanwhile;
# * a variable bound to the same object as at its frame's previous event, of a type
#   in STABLE_TYPES, is skipped by the general path too.
FAST_PATHS = True
_BY_VALUE_MAX_STR = 200  # longer strings are rendered, not kept alive as keys
_BY_VALUE_MAX_INT = 1 << 64
_FLAT_CONTAINERS = frozenset([list, tuple, dict, set, frozenset])
_INDEX_LABELS = tuple(str(i) for i in range(MAX_CHILDREN))
_SET_LABELS = ("",) * MAX_CHILDREN
_CONTAINERS = (dict, list, tuple, set, frozenset)


def _repr_atom(obj):
    try:
        return repr(obj)
    except ValueError:  # an int longer than sys.get_int_max_str_digits()
        return f"<int of about {int(obj.bit_length() * 0.30103) + 1:,} digits>"


def _builtin(tp, base, name):
    """``tp.name``, unless a lesson's subclass overrode it in Python: rendering a
    value must not run lesson code that may loop, raise or print (the lesson never
    called it), so the builtin base's own method is used instead."""
    method = getattr(tp, name, None)
    if method is None or isinstance(method, types.FunctionType):
        return getattr(base, name)
    return method


def _base_of(obj):
    for base in _CONTAINERS:
        if isinstance(obj, base):
            return base
    return None


def _head(obj, n):
    """The first n items of a builtin container (key/value pairs for a dict),
    without copying the rest of a huge one."""
    tp = type(obj)
    base = _base_of(obj)
    it = _builtin(tp, dict, "items")(obj) if base is dict else _builtin(tp, base, "__iter__")(obj)
    return list(itertools.islice(it, n))


def _size(obj):
    tp = type(obj)
    return _builtin(tp, _base_of(obj), "__len__")(obj)

BLOCKED_MODULE_PREFIXES = (
    "js", "pyodide", "pyodide_js", "_pyodide", "micropip", "socket", "_socket", "ssl",
    "urllib.request", "http.client", "ftplib", "smtplib", "poplib", "imaplib",
    "xmlrpc.client", "webbrowser",
)


# The event columns, in row order: name and array typecode.
ROW_COLUMNS = (
    ("kind", "b"), ("file", "b"), ("line", "i"), ("frame", "i"), ("depth", "h"),
    ("out", "i"), ("delta_start", "i"),
    ("aux", "i"),  # return value / exception value index, else -1
)
ROW_WIDTH = len(ROW_COLUMNS)


class BudgetExceeded(BaseException):
    """Raised inside traced code when a budget runs out.

    A BaseException so that ``except Exception`` in lesson code cannot swallow it.
    """


# Exceptions that mean "stop this run now": the recorder's own handlers must let
# them through. Lesson code the recorder calls while rendering a value (a user
# ``__repr__``) runs inside a monitoring callback, where CPython delivers no events,
# so no budget can stop it: only Pyodide's interrupt buffer (KeyboardInterrupt) can,
# and it must not be swallowed as "<repr failed>".
_STOP = (BudgetExceeded, KeyboardInterrupt)

# Value renderings between two clock reads of the time budget: one event may
# render a large structure, so counting events alone could read the clock too late.
WORK_PER_CLOCK_CHECK = 4096


class _NetworkBlocker:
    """Meta-path finder that refuses every module able to reach the network."""

    def find_spec(self, name, path=None, target=None):
        if _is_blocked(name):
            raise ImportError(
                f"module '{name}' is disabled: code in this playground cannot reach the network"
            )
        return None


def _is_blocked(name):
    for prefix in BLOCKED_MODULE_PREFIXES:
        if name == prefix or name.startswith(prefix + "."):
            return True
    return False


class _Output:
    """stdout/stderr replacement: one growing buffer, measured in UTF-16 units
    (the unit JavaScript strings use) so offsets line up in the browser."""

    def __init__(self, limit):
        self.parts = []
        self.length = 0
        self.limit = limit
        self.truncated = False

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.truncated:
            return len(text)
        size = len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2
        if self.length + size > self.limit:
            room = self.limit - self.length
            text = text[:room]
            size = len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2
            self.truncated = True
        self.parts.append(text)
        self.length += size
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False

    def text(self):
        return "".join(self.parts)


class _Values:
    """Interning table of rendered values with stable small object ids."""

    def __init__(self):
        self.table = []
        self.index = {}
        self.object_ids = {}
        self.keep_alive = []  # object ids stay unique only while objects live
        self.overflow = False
        self.work = 0  # values rendered so far (see WORK_PER_CLOCK_CHECK)
        self.ints = {}  # int -> value index (see encode)
        self.strs = {}  # str -> value index
        # id(container) -> (container, len, shown items or keys, shown values, index)
        self.flat = {}

    def object_id(self, obj):
        key = id(obj)
        oid = self.object_ids.get(key)
        if oid is None:
            oid = len(self.object_ids) + 1
            self.object_ids[key] = oid
            self.keep_alive.append(obj)
        return oid

    def _intern(self, node):
        idx = self.index.get(node)
        if idx is None:
            if len(self.table) >= MAX_VALUES:
                self.overflow = True
                return self._intern_overflow()
            idx = len(self.table)
            self.table.append(node)
            self.index[node] = idx
        return idx

    def _intern_overflow(self):
        node = ("…", "value table full", 0, (), 0)
        idx = self.index.get(node)
        if idx is None:
            idx = len(self.table)
            self.table.append(node)
            self.index[node] = idx
        return idx

    def text(self, obj):
        """A bounded, deterministic repr (insertion order kept, unlike reprlib)."""
        if type(obj) in _FAST_REPR:
            return _repr_atom(obj)
        text = self._short(obj, 0, ())
        if len(text) > 160:
            text = text[:159] + "…"
        return text

    def _short(self, obj, level, path):
        tp = type(obj)
        if tp in _FAST_REPR:
            return _repr_atom(obj)
        if tp is str:
            return repr(obj) if len(obj) <= 80 else repr(obj[:77]) + "…"
        if id(obj) in path:
            return {list: "[...]", dict: "{...}"}.get(tp, "(...)")
        if isinstance(obj, _CONTAINERS):
            if level >= 3:
                return "[…]" if isinstance(obj, list) else "(…)" if isinstance(obj, tuple) else "{…}"
            inner = path + (id(obj),)
            try:
                items = _head(obj, 9)
            except _STOP:
                raise
            except BaseException as exc:
                return f"<{tp.__name__}: {type(exc).__name__}>"
            if isinstance(obj, dict):
                parts = [f"{self._short(k, level + 1, inner)}: {self._short(v, level + 1, inner)}"
                         for k, v in items[:8]]
            else:
                parts = [self._short(v, level + 1, inner) for v in items[:8]]
            if len(items) > 8:
                parts.append("…")
            body = ", ".join(parts)
            if isinstance(obj, dict):
                return "{" + body + "}" if tp is dict else f"{tp.__name__}({{{body}}})"
            if isinstance(obj, list):
                return "[" + body + "]" if tp is list else f"{tp.__name__}([{body}])"
            if isinstance(obj, tuple):
                if tp is not tuple:
                    try:
                        return _ADDRESS.sub("", repr(obj))[:160]
                    except _STOP:
                        raise
                    except BaseException:
                        pass
                return "(" + body + ("," if len(items) == 1 else "") + ")"
            if not items:
                return f"{tp.__name__}()"
            return "{" + body + "}" if tp is set else f"{tp.__name__}({{{body}}})"
        try:
            text = repr(obj)
        except _STOP:  # a stop request must reach run(), never become a value
            raise
        except BaseException as exc:  # a user __repr__ may raise anything
            text = f"<repr failed: {type(exc).__name__}>"
        if " at 0x" in text:
            text = _ADDRESS.sub("", text)
        return text if len(text) <= 100 else text[:99] + "…"

    def encode(self, obj, depth=0, path=None):
        """Return the value-table index of obj's rendering (children to MAX_DEPTH)."""
        self.work += 1
        tp = type(obj)
        if not FAST_PATHS:
            pass
        elif tp is int:
            idx = self.ints.get(obj)
            if idx is not None:
                return idx
            if -_BY_VALUE_MAX_INT < obj < _BY_VALUE_MAX_INT and len(self.table) < MAX_VALUES:
                # repr() is one-to-one on ints and only this path renders them, so the
                # value is new to the table: append it without hashing its node.
                idx = len(self.table)
                self.table.append(("int", repr(obj), 0, (), 0))
                self.ints[obj] = idx
                return idx
        elif tp is str:
            idx = self.strs.get(obj)
            if idx is not None:
                return idx
            if len(obj) <= _BY_VALUE_MAX_STR:
                # Different strings can render alike (long ones are cut): intern the node.
                idx = self._intern(("str", self.text(obj), 0, (), 0))
                if len(self.strs) < MAX_VALUES:
                    self.strs[obj] = idx
                return idx
        elif depth == 0 and tp in _FLAT_CONTAINERS:
            entry = self.flat.get(id(obj))
            if entry is not None and _flat_unchanged(obj, entry):
                return entry[4]  # the same atoms as last time: the same rendering
            size = len(obj)
            items = _shown_items(obj, tp, size)
            if not self.overflow and ATOM_TYPES.issuperset(map(type, items)):
                idx = self._encode_flat(obj, tp, size, items)
                if tp is dict:
                    n = len(items) >> 1
                    self.flat[id(obj)] = (obj, size, items[:n], items[n:], idx)
                else:
                    self.flat[id(obj)] = (obj, size, items, None, idx)
                return idx
        return self._encode(obj, tp, depth, path)

    def _encode_flat(self, obj, tp, size, items):
        """_encode(obj) at depth 0 for an exact builtin container whose shown items are
        atoms, built from the atoms' own table entries: an atom's text there is what
        _short() shows for it (unless the table is full: then the general path)."""
        oid = self.object_id(obj)
        encode = self.encode
        table = self.table
        if tp is dict:
            n = len(items) >> 1
            text = self.text
            children = tuple((text(k), encode(v, 1)) for k, v in zip(items[:n], items[n:]))
        else:
            labels = _INDEX_LABELS if tp is list or tp is tuple else _SET_LABELS
            children = tuple(zip(labels, [encode(v, 1) for v in items]))
        if self.overflow:
            return self._encode(obj, tp, 0, None)
        if tp is dict:
            parts = [f"{k}: {table[v][1]}" for k, v in children[:8]]
        else:
            parts = [table[v][1] for _, v in children[:8]]
        if size > 8:
            parts.append("…")
        body = ", ".join(parts)
        if tp is list:
            text = "[" + body + "]"
        elif tp is dict:
            text = "{" + body + "}"
        elif tp is tuple:
            text = "(" + body + ("," if size == 1 else "") + ")"
        elif not size:
            text = f"{tp.__name__}()"
        else:
            text = "{" + body + "}" if tp is set else f"{tp.__name__}({{{body}}})"
        if len(text) > 160:
            text = text[:159] + "…"
        return self._intern((tp.__qualname__, text, oid, children, size))

    def _encode(self, obj, tp, depth, path):
        tname = tp.__qualname__
        if tp in ATOM_TYPES:
            return self._intern((tname, self.text(obj), 0, (), 0))
        oid = self.object_id(obj)
        if path is not None and oid in path:
            return self._intern((tname, f"<cycle: #{oid}>", oid, (), 0))
        children = ()
        total = 0
        if depth < MAX_DEPTH:
            items, total = self._children(obj)
            if items is not None:
                sub = (path or frozenset()) | {oid}
                children = tuple(
                    (k, self.encode(v, depth + 1, sub)) for k, v in items[:MAX_CHILDREN]
                )
        return self._intern((tname, self.text(obj), oid, children, total))

    def _children(self, obj):
        """``(items, total)``: up to MAX_CHILDREN + 1 labelled children and how many
        there are in all; ``(None, 0)`` for values shown without children."""
        try:
            if isinstance(obj, dict):
                items = [(self.text(k), v) for k, v in _head(obj, MAX_CHILDREN + 1)]
                return items, _size(obj)
            if isinstance(obj, (list, tuple)):
                return list(enumerate_str(_head(obj, MAX_CHILDREN + 1))), _size(obj)
            if isinstance(obj, (set, frozenset)):
                return [("", v) for v in _head(obj, MAX_CHILDREN + 1)], _size(obj)
            if isinstance(obj, BaseException):
                items = [(f"args[{i}]", v) for i, v in enumerate(obj.args)]
                return items, len(items)
            if isinstance(obj, (types.FunctionType, type, types.ModuleType)):
                return None, 0
            attrs = getattr(obj, "__dict__", None)
            if isinstance(attrs, dict):
                items = [(k, v) for k, v in _head(attrs, MAX_CHILDREN + 1)]
                return items, len(attrs)
        except _STOP:
            raise
        except BaseException:
            return None, 0
        return None, 0


def enumerate_str(values):
    return ((str(i), v) for i, v in enumerate(values))


def _shown_items(obj, tp, size):
    """The items an exact builtin container's rendering shows (as children, so the
    first MAX_CHILDREN): for a dict, its keys then its values."""
    if tp is dict:
        if size <= MAX_CHILDREN:
            return (*obj, *obj.values())
        return (*islice(obj, MAX_CHILDREN), *islice(obj.values(), MAX_CHILDREN))
    if tp is tuple and size <= MAX_CHILDREN:
        return obj
    if tp is list or tp is tuple:
        return obj[:MAX_CHILDREN]
    return tuple(islice(obj, MAX_CHILDREN))


def _flat_unchanged(obj, entry):
    """Whether a container still shows the atoms it showed when `entry` was made: the
    same length and, by identity, the same first MAX_CHILDREN items (keys and values)."""
    return (
        entry[0] is obj
        and entry[1] == len(obj)
        and all(map(is_, obj, entry[2]))
        and (entry[3] is None or all(map(is_, obj.values(), entry[3])))
    )


class _FrameVars:
    """What the recorder remembers of one live frame between its events."""

    __slots__ = ("cache", "keys", "vals", "rec", "mut", "is_module", "depth")

    def __init__(self, is_module, depth):
        # name -> (object, value index, its _Values.flat entry or None), as recorded
        self.cache = {}
        self.keys = None  # the names in f_locals at the frame's previous event...
        self.vals = None  # ...and their objects (held: identity checks stay exact)
        self.rec = None  # per name (in `keys` order): its `cache` entry
        self.mut = None  # per name: can its rendering change without a rebinding?
        self.is_module = is_module
        self.depth = depth


class _Recorder:
    def __init__(self, request):
        budget = request.get("budget") or {}
        self.max_events = int(min(budget.get("maxEvents") or DEFAULT_MAX_EVENTS, HARD_MAX_EVENTS))
        self.max_seconds = float(
            min(budget.get("maxSeconds") or DEFAULT_MAX_SECONDS, HARD_MAX_SECONDS)
        )
        self.files = request["files"]
        self.scenario = request.get("scenario", "")
        self.paths = [f["path"] for f in self.files]
        self.file_index = {p: i for i, p in enumerate(self.paths)}

        # One row of ROW_WIDTH ints per event, and one pair per variable change:
        # (name index, value index or -1 for "deleted"). Plain lists while recording
        # (one C call per event, and never half a row); finish() makes the typed
        # columns of the trace format from them.
        self.rows = []
        self.deltas = []

        self.names = []
        self.name_index = {}
        self.frames = []  # [function, file index, parent frame id, depth, first event]
        self.live = {}  # id(frame object) -> frame id
        self.locals_cache = {}  # frame id -> _FrameVars
        self.stack = []  # frame ids of live traced frames, innermost last
        self.values = _Values()
        self.output = _Output(MAX_OUTPUT_CHARS)
        self.codes = {}  # code object -> file index
        self.busy = False
        self.stopped = None  # None, or the reason a budget stopped the run
        self.deadline = 0.0
        self.next_clock_check = WORK_PER_CLOCK_CHECK
        self.count = 0
        self.probes = {}
        for probe in request.get("probes") or []:
            key = (self.file_index.get(probe["path"], -1), int(probe["line"]))
            self.probes.setdefault(key, []).append(probe)
        self.probe_results = []  # [event index, probe id, "ok"|"error", text]

    # -- helpers -------------------------------------------------------------

    def name_id(self, name):
        idx = self.name_index.get(name)
        if idx is None:
            idx = len(self.names)
            self.names.append(name)
            self.name_index[name] = idx
        return idx

    def register_code(self, code, file_idx):
        self.codes[code] = file_idx
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                self.register_code(const, file_idx)

    def emit(self, kind, fid, frame, line, aux, file_idx):
        """Append one event, and the changes of its frame's variables since the frame's
        previous event. The recorder's hot path: it runs once per event."""
        st = self.locals_cache.get(fid)
        if st is None:
            st = self.locals_cache[fid] = _FrameVars(
                frame.f_code.co_name == "<module>", self.frames[fid][3]
            )
        deltas = self.deltas
        self.rows.extend(
            (kind, file_idx, line, fid, st.depth, self.output.length, len(deltas) >> 1, aux)
        )
        loc = frame.f_locals
        if type(loc) is dict:  # module and class bodies: the namespace itself
            keys = list(loc)
            vals = list(loc.values())
        else:  # a FrameLocalsProxy: keys() and values() are lists, in one order
            keys = loc.keys()
            vals = loc.values()
        cache = st.cache
        is_module = st.is_module
        encode = self.values.encode
        if keys == st.keys and FAST_PATHS:
            # The same names as at this frame's previous event (the usual case): only a
            # name bound to another object, or holding a mutable one, can have changed.
            # What is skipped here is exactly what the general path below skips.
            values = self.values
            ints = values.ints
            flat = values.flat
            rec = st.rec
            mut = st.mut
            prev_vals = st.vals
            p = -1
            for obj in vals:
                p += 1
                if obj is prev_vals[p] and not mut[p]:
                    continue
                tp = type(obj)
                if is_module and (tp is types.ModuleType or keys[p].startswith("__")):
                    continue
                prev = rec[p]
                if prev is not None and prev[0] is obj:
                    if tp in STABLE_TYPES:
                        mut[p] = False
                        continue
                    # The same container, still showing the same atoms it was recorded
                    # with (see _flat_unchanged): the same rendering, nothing to record.
                    entry = prev[2]
                    if (
                        entry is not None
                        and entry[1] == len(obj)
                        and all(map(is_, obj, entry[2]))
                        and (entry[3] is None or all(map(is_, obj.values(), entry[3])))
                    ):
                        continue
                vidx = ints.get(obj) if tp is int else None
                if vidx is None:
                    vidx = encode(obj)
                entry = None
                if tp in _FLAT_CONTAINERS:
                    entry = flat.get(id(obj))
                    if entry is not None and (entry[0] is not obj or entry[4] != vidx):
                        entry = None
                if prev is None or prev[1] != vidx:
                    name = keys[p]
                    nid = self.name_index.get(name)
                    deltas.extend((self.name_id(name) if nid is None else nid, vidx))
                cache[keys[p]] = rec[p] = (obj, vidx, entry)
                mut[p] = tp not in STABLE_TYPES
            st.vals = vals
            self.count += 1
            return
        # The general path: every name, then the names that are gone.
        seen = 0
        for name, obj in zip(keys, vals):
            if is_module and (
                name.startswith("__") or type(obj) is types.ModuleType
            ):
                continue
            seen += 1
            prev = cache.get(name)
            if prev is not None and prev[0] is obj and type(obj) in STABLE_TYPES:
                continue
            vidx = encode(obj)
            if prev is None or prev[1] != vidx:
                deltas.extend((self.name_id(name), vidx))
            cache[name] = (obj, vidx, None)
        if seen < len(cache):
            current = set(keys)
            for name in [n for n in cache if n not in current]:
                del cache[name]
                deltas.extend((self.name_id(name), -1))
        st.keys = keys
        st.vals = vals
        st.rec = [cache.get(k) for k in keys]
        st.mut = [
            type(v) not in STABLE_TYPES and not (is_module and k.startswith("__"))
            for k, v in zip(keys, vals)
        ]
        self.count += 1

    def check_budget(self):
        if self.stopped is not None:
            raise BudgetExceeded(self.stopped)
        if self.count >= self.max_events:
            self.stopped = "events"
            raise BudgetExceeded("events")
        if (self.count & 1023) == 0 or self.values.work >= self.next_clock_check:
            self.next_clock_check = self.values.work + WORK_PER_CLOCK_CHECK
            if time.perf_counter() > self.deadline:
                self.stopped = "seconds"
                raise BudgetExceeded("seconds")

    def frame_for(self, frame, start):
        key = id(frame)
        fid = self.live.get(key)
        if fid is None or start:
            parent = self.stack[-1] if self.stack else -1
            depth = self.frames[parent][3] + 1 if parent >= 0 else 0
            if depth > MAX_CALL_DEPTH:
                self.stopped = "depth"
                raise BudgetExceeded("depth")
            fid = len(self.frames)
            self.frames.append(
                [frame.f_code.co_name, self.codes[frame.f_code], parent, depth, self.count]
            )
            self.live[key] = fid
        return fid

    # -- sys.monitoring callbacks -------------------------------------------

    def on_start(self, code, offset):
        if self.busy:
            return
        self.busy = True
        try:
            self.check_budget()
            frame = sys._getframe(1)
            fid = self.frame_for(frame, True)
            self.stack.append(fid)
            self.emit(K_CALL, fid, frame, frame.f_lineno or code.co_firstlineno, -1,
                      self.codes[code])
        finally:
            self.busy = False

    def on_resume(self, code, offset):
        if self.busy:
            return
        self.busy = True
        try:
            frame = sys._getframe(1)
            fid = self.frame_for(frame, False)
            self.stack.append(fid)
        finally:
            self.busy = False

    def on_line(self, code, line):
        if self.busy:
            return
        self.busy = True
        try:
            if (
                self.stopped is not None
                or self.count >= self.max_events
                or not (self.count & 1023)
                or self.values.work >= self.next_clock_check
            ):
                self.check_budget()
            frame = sys._getframe(1)
            fid = self.live.get(id(frame))
            if fid is None:
                fid = self.frame_for(frame, True)
                self.stack.append(fid)
            file_idx = self.codes[code]
            probes = self.probes.get((file_idx, line)) if self.probes else None
            if probes:
                self.run_probes(probes, frame)
            self.emit(K_LINE, fid, frame, line, -1, file_idx)
        finally:
            self.busy = False

    def run_probes(self, probes, frame):
        event = self.count
        for probe in probes:
            try:
                if probe.get("condition"):
                    result = eval(probe["condition"], frame.f_globals, frame.f_locals)
                    self.probe_results.append([event, probe["id"], "ok", "1" if result else ""])
                if probe.get("log") is not None:
                    self.probe_results.append(
                        [event, probe["id"], "log", self.format_log(probe["log"], frame)]
                    )
            except Exception as exc:
                self.probe_results.append(
                    [event, probe["id"], "error", f"{type(exc).__name__}: {exc}"]
                )

    def format_log(self, template, frame):
        out = []
        i = 0
        while i < len(template):
            ch = template[i]
            if ch == "{" and template.startswith("{{", i):
                out.append("{")
                i += 2
            elif ch == "}" and template.startswith("}}", i):
                out.append("}")
                i += 2
            elif ch == "{":
                end = template.find("}", i)
                if end < 0:
                    raise SyntaxError("unclosed '{' in log message")
                value = eval(template[i + 1 : end], frame.f_globals, frame.f_locals)
                out.append(value if isinstance(value, str) else self.values.text(value))
                i = end + 1
            else:
                out.append(ch)
                i += 1
        return "".join(out)

    def on_return(self, code, offset, retval):
        # Once stopped, record nothing more: rendering the frame's variables again
        # could re-enter what was stuck (a user __repr__) with no interrupt to come.
        if self.busy or self.stopped is not None:
            return
        self.busy = True
        try:
            frame = sys._getframe(1)
            fid = self.live.get(id(frame))
            if fid is not None:
                self.emit(K_RETURN, fid, frame, frame.f_lineno or 0,
                          self.values.encode(retval), self.codes[code])
                self.leave(frame, fid, final=True)
        finally:
            self.busy = False

    def on_yield(self, code, offset, retval):
        if self.busy or self.stopped is not None:
            return
        self.busy = True
        try:
            frame = sys._getframe(1)
            fid = self.live.get(id(frame))
            if fid is not None:
                self.emit(K_RETURN, fid, frame, frame.f_lineno or 0,
                          self.values.encode(retval), self.codes[code])
                self.leave(frame, fid, final=False)
        finally:
            self.busy = False

    def on_raise(self, code, offset, exc):
        if isinstance(exc, KeyboardInterrupt) and self.stopped is None:
            # Pyodide's interrupt buffer (the page's watchdog): even if lesson code
            # catches it, the run ends at the next event with its partial trace.
            self.stopped = "interrupted"
        if self.busy or self.stopped is not None or code not in self.codes:
            return
        self.busy = True
        try:
            frame = sys._getframe(1)
            fid = self.live.get(id(frame))
            if fid is not None:
                self.emit(K_EXCEPTION, fid, frame, frame.f_lineno or 0,
                          self.values.encode(exc), self.codes[code])
        finally:
            self.busy = False

    def on_unwind(self, code, offset, exc):
        if self.busy or code not in self.codes:
            return
        self.busy = True
        try:
            frame = sys._getframe(1)
            fid = self.live.get(id(frame))
            if fid is not None:
                if self.stopped is None:
                    self.emit(K_UNWIND, fid, frame, frame.f_lineno or 0,
                              self.values.encode(exc), self.codes[code])
                self.leave(frame, fid, final=True)
        finally:
            self.busy = False

    def leave(self, frame, fid, final):
        if self.stack and self.stack[-1] == fid:
            self.stack.pop()
        elif fid in self.stack:
            self.stack.remove(fid)
        if final:
            self.live.pop(id(frame), None)
            self.locals_cache.pop(fid, None)

    # -- running -------------------------------------------------------------

    def compile_all(self):
        compiled = []
        for idx, f in enumerate(self.files):
            # Let tracebacks quote the lesson's own lines.
            lines = f["code"].splitlines(True)
            linecache.cache[f["path"]] = (len(f["code"]), None, lines, f["path"])
            code = compile(f["code"], f["path"], "exec", dont_inherit=True)
            self.register_code(code, idx)
            compiled.append((f, code))
        return compiled

    def run(self):
        started = time.perf_counter()
        error = None
        outcome = "completed"
        mon = sys.monitoring
        tool = mon.DEBUGGER_ID
        saved_out, saved_err = sys.stdout, sys.stderr
        # Interpreter-wide state a lesson may change and the next run (another panel or
        # scenario, recorded in the background) must not inherit.
        saved_state = _InterpreterState()
        stashed = {n: m for n, m in sys.modules.items() if _is_blocked(n)}
        blocker = _NetworkBlocker()
        created_modules = []
        try:
            compiled = self.compile_all()
        except SyntaxError as exc:
            return self.finish("error", _syntax_error(exc), started)

        try:
            mon.use_tool_id(tool, "watch-python-think")
        except ValueError:
            mon.free_tool_id(tool)
            mon.use_tool_id(tool, "watch-python-think")
        ev = mon.events
        mon.register_callback(tool, ev.PY_START, self.on_start)
        mon.register_callback(tool, ev.PY_RESUME, self.on_resume)
        mon.register_callback(tool, ev.LINE, self.on_line)
        mon.register_callback(tool, ev.PY_RETURN, self.on_return)
        mon.register_callback(tool, ev.PY_YIELD, self.on_yield)
        mon.register_callback(tool, ev.RAISE, self.on_raise)
        mon.register_callback(tool, ev.PY_UNWIND, self.on_unwind)
        # Code-level events only for lesson code objects; RAISE and PY_UNWIND can
        # only be enabled globally, so their callbacks filter by code object.
        wanted = ev.PY_START | ev.PY_RESUME | ev.LINE | ev.PY_RETURN | ev.PY_YIELD
        for code in self.codes:
            mon.set_local_events(tool, code, wanted)
        mon.set_events(tool, ev.RAISE | ev.PY_UNWIND)

        namespace = {"__name__": "__main__", "__builtins__": __builtins__,
                     "SCENARIO": self.scenario}
        for name in stashed:
            sys.modules.pop(name, None)
        sys.meta_path.insert(0, blocker)
        sys.stdout = sys.stderr = self.output
        self.deadline = time.perf_counter() + self.max_seconds
        try:
            for f, code in compiled:
                if f.get("role") == "source":
                    module = types.ModuleType(f["module"])
                    module.__file__ = f["path"]
                    sys.modules[f["module"]] = module
                    created_modules.append(f["module"])
                    exec(code, module.__dict__)
                else:
                    namespace["__file__"] = f["path"]
                    exec(code, namespace)
        except BudgetExceeded as exc:
            outcome = "stopped"
            error = {"type": "BudgetExceeded", "reason": str(exc),
                     "message": _budget_message(str(exc), self)}
        except KeyboardInterrupt:
            outcome = "stopped"
            error = {"type": "KeyboardInterrupt", "reason": "interrupted",
                     "message": "the run was interrupted because it took too long"}
        except BaseException as exc:  # the lesson code's own uncaught exception
            outcome = "error"
            error = self.describe_exception(exc)
        finally:
            sys.stdout, sys.stderr = saved_out, saved_err
            mon.set_events(tool, 0)
            for code in self.codes:
                mon.set_local_events(tool, code, 0)
            for event in (ev.PY_START, ev.PY_RESUME, ev.LINE, ev.PY_RETURN, ev.PY_YIELD,
                          ev.RAISE, ev.PY_UNWIND):
                mon.register_callback(tool, event, None)
            mon.free_tool_id(tool)
            saved_state.restore()  # also takes the blocker out of sys.meta_path
            sys.modules.update(stashed)
            for name in created_modules:
                sys.modules.pop(name, None)
        return self.finish(outcome, error, started)

    def describe_exception(self, exc):
        frames = [
            fs for fs in traceback.extract_tb(exc.__traceback__) if fs.filename in self.file_index
        ]
        if isinstance(exc, SyntaxError) and exc.filename in self.file_index:
            return _syntax_error(exc)
        where = frames[-1] if frames else None
        lines = ["Traceback (most recent call last):\n"]
        lines += traceback.format_list(frames)
        lines += traceback.format_exception_only(type(exc), exc)
        message = str(exc)
        if isinstance(exc, RecursionError):
            message = f"{message} (the recursion went too deep)"
        return {
            "type": type(exc).__name__,
            "message": message,
            "file": where.filename if where else None,
            "line": where.lineno if where else None,
            "column": (where.colno + 1) if where and where.colno is not None else None,
            "traceback": "".join(lines),
        }

    def finish(self, outcome, error, started):
        elapsed = time.perf_counter() - started
        # A row and a delta pair are each written by one C call: a stop (an interrupt
        # lands between bytecodes) never leaves half of one.
        rows = self.rows
        deltas = self.deltas
        columns = [
            array.array(code, rows[i::ROW_WIDTH]) for i, (_, code) in enumerate(ROW_COLUMNS)
        ]
        columns.append(array.array("i", deltas[0::2]))
        columns.append(array.array("i", deltas[1::2]))
        blob = b"".join(c.tobytes() for c in columns)
        notices = []
        if self.output.truncated:
            notices.append({"kind": "output", "limit": MAX_OUTPUT_CHARS})
        if self.values.overflow:
            notices.append({"kind": "values", "limit": MAX_VALUES})
        meta = {
            "version": FORMAT_VERSION,
            "outcome": outcome,
            "error": error,
            "files": self.paths,
            "eventCount": len(columns[0]),
            "deltaCount": len(columns[-1]),
            "columns": [[c.typecode, c.itemsize, len(c)] for c in columns],
            "names": self.names,
            "frames": self.frames,
            # Nodes are tuples, which json writes as arrays: no copy needed.
            "values": self.values.table,
            "output": self.output.text(),
            "probes": self.probe_results,
            "notices": notices,
            "budget": {"maxEvents": self.max_events, "maxSeconds": self.max_seconds},
            "elapsedMs": round(elapsed * 1000, 3),
        }
        return json.dumps(meta, ensure_ascii=False, separators=(",", ":")), blob


class _InterpreterState:
    """What a run may change for the whole interpreter, saved and put back: limits,
    the builtins, and the import system (a lesson that empties sys.meta_path would
    otherwise break every later run). Changes to stdlib modules' contents stay."""

    def __init__(self):
        self.recursion_limit = sys.getrecursionlimit()
        self.int_digits = sys.get_int_max_str_digits()
        self.builtins = dict(builtins.__dict__)
        self.meta_path = list(sys.meta_path)
        self.path = list(sys.path)
        self.path_hooks = list(sys.path_hooks)

    def restore(self):
        sys.setrecursionlimit(self.recursion_limit)
        sys.set_int_max_str_digits(self.int_digits)
        if builtins.__dict__ != self.builtins:
            builtins.__dict__.clear()
            builtins.__dict__.update(self.builtins)
        sys.meta_path[:] = self.meta_path
        sys.path[:] = self.path
        sys.path_hooks[:] = self.path_hooks


def _syntax_error(exc):
    column = exc.offset if exc.offset else None
    lines = traceback.format_exception_only(type(exc), exc)
    return {
        "type": type(exc).__name__,
        "message": exc.msg,
        "file": exc.filename,
        "line": exc.lineno,
        "column": column,
        "traceback": "".join(lines),
    }


def _budget_message(reason, rec):
    if reason == "events":
        return f"stopped after {rec.max_events:,} events (the event budget)"
    if reason == "interrupted":
        return "the run was interrupted because it took too long"
    if reason == "depth":
        return f"stopped when calls were nested {MAX_CALL_DEPTH:,} deep (runaway recursion)"
    return f"stopped after {rec.max_seconds:g} s (the time budget)"


def record(request_json):
    """Run one request (see docs/trace-format.md) and return (meta_json, columns)."""
    request = json.loads(request_json)
    return _Recorder(request).run()
