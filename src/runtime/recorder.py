"""Execution recorder for the playground.

Runs a lesson's Python files (sources, setup, scenario script, entry) exactly as
written and records what happens with ``sys.monitoring`` (PEP 669): one event per
function start, line, return and exception in *lesson* code only.  Library code
(``copy.deepcopy`` and friends) is never instrumented, which is what makes this
recorder cheap enough for million-event traces.

The trace is columnar so that the browser can keep a million events in a few
dozen megabytes and step anywhere without decoding anything:

* one fixed-width row per event, stored in ``array`` columns (see COLUMNS);
* local variables are stored as *changes* (name, value) per event, never as full
  snapshots;
* values are interned: each distinct rendered value is stored once in a table
  and referred to by index; mutable objects carry a small stable object id so
  that aliasing and copies are visible;
* output is one string; each event stores how much of it existed at that point.

``record(request_json)`` returns ``(meta_json, columns_bytes)``.  The JSON layout
is documented in docs/trace-format.md and mirrored in src/runtime/trace.ts.
"""

import array
import json
import linecache
import re
import sys
import time
import traceback
import types

FORMAT_VERSION = 1

# Event kinds (must match EventKind in src/runtime/trace.ts).
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

BLOCKED_MODULE_PREFIXES = (
    "js", "pyodide", "pyodide_js", "_pyodide", "micropip", "socket", "_socket", "ssl",
    "urllib.request", "http.client", "ftplib", "smtplib", "poplib", "imaplib",
    "xmlrpc.client", "webbrowser",
)


class BudgetExceeded(BaseException):
    """Raised inside traced code when a budget runs out.

    A BaseException so that ``except Exception`` in lesson code cannot swallow it.
    """


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
            return repr(obj)
        text = self._short(obj, 0, ())
        if len(text) > 160:
            text = text[:159] + "…"
        return text

    def _short(self, obj, level, path):
        tp = type(obj)
        if tp in _FAST_REPR:
            return repr(obj)
        if tp is str:
            return repr(obj) if len(obj) <= 80 else repr(obj[:77]) + "…"
        if id(obj) in path:
            return {list: "[...]", dict: "{...}"}.get(tp, "(...)")
        if isinstance(obj, (list, tuple, set, frozenset, dict)):
            if level >= 3:
                return "[…]" if isinstance(obj, list) else "(…)" if isinstance(obj, tuple) else "{…}"
            inner = path + (id(obj),)
            if isinstance(obj, dict):
                items = list(obj.items())
                parts = [f"{self._short(k, level + 1, inner)}: {self._short(v, level + 1, inner)}"
                         for k, v in items[:8]]
            else:
                items = list(obj)
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
                    except BaseException:
                        pass
                return "(" + body + ("," if len(items) == 1 else "") + ")"
            if not items:
                return f"{tp.__name__}()"
            return "{" + body + "}" if tp is set else f"{tp.__name__}({{{body}}})"
        try:
            text = repr(obj)
        except BaseException as exc:  # a user __repr__ may raise anything
            text = f"<repr failed: {type(exc).__name__}>"
        if " at 0x" in text:
            text = _ADDRESS.sub("", text)
        return text if len(text) <= 100 else text[:99] + "…"

    def encode(self, obj, depth=0, path=None):
        """Return the value-table index of obj's rendering (children to MAX_DEPTH)."""
        tp = type(obj)
        tname = tp.__qualname__
        if tp in ATOM_TYPES:
            return self._intern((tname, self.text(obj), 0, (), 0))
        oid = self.object_id(obj)
        if path is not None and oid in path:
            return self._intern((tname, f"<cycle: #{oid}>", oid, (), 0))
        children = ()
        total = 0
        if depth < MAX_DEPTH:
            items = self._children(obj)
            if items is not None:
                try:
                    total = len(obj)
                except BaseException:
                    total = len(items)
                sub = (path or frozenset()) | {oid}
                children = tuple(
                    (k, self.encode(v, depth + 1, sub)) for k, v in items[:MAX_CHILDREN]
                )
        return self._intern((tname, self.text(obj), oid, children, total))

    def _children(self, obj):
        try:
            if isinstance(obj, dict):
                return [(self.text(k), v) for k, v in list(obj.items())[: MAX_CHILDREN + 1]]
            if isinstance(obj, (list, tuple)):
                return [(str(i), v) for i, v in enumerate(obj[: MAX_CHILDREN + 1])]
            if isinstance(obj, (set, frozenset)):
                return [("", v) for v in list(obj)[: MAX_CHILDREN + 1]]
            if isinstance(obj, BaseException):
                return [(f"args[{i}]", v) for i, v in enumerate(obj.args)]
            if isinstance(obj, (types.FunctionType, type, types.ModuleType)):
                return None
            attrs = getattr(obj, "__dict__", None)
            if isinstance(attrs, dict):
                return [(k, v) for k, v in list(attrs.items())[: MAX_CHILDREN + 1]]
        except BaseException:
            return None
        return None


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

        # Event columns: one row per event.
        self.kind = array.array("b")
        self.file = array.array("b")
        self.line = array.array("i")
        self.frame = array.array("i")
        self.depth = array.array("h")
        self.out = array.array("i")
        self.delta_start = array.array("i")
        self.aux = array.array("i")  # return value / exception value index, else -1
        # Variable changes: (name index, value index or -1 for "deleted").
        self.delta_name = array.array("i")
        self.delta_value = array.array("i")

        self.names = []
        self.name_index = {}
        self.frames = []  # [function, file index, parent frame id, depth, first event]
        self.live = {}  # id(frame object) -> frame id
        self.locals_cache = {}  # frame id -> {name: (obj, value index)}
        self.stack = []  # frame ids of live traced frames, innermost last
        self.values = _Values()
        self.output = _Output(MAX_OUTPUT_CHARS)
        self.codes = {}  # code object -> file index
        self.busy = False
        self.stopped = None  # None, or the reason a budget stopped the run
        self.deadline = 0.0
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

    def snapshot_locals(self, fid, frame, is_module):
        """Append the changes of this frame's variables since its last event."""
        cache = self.locals_cache.get(fid)
        if cache is None:
            cache = self.locals_cache[fid] = {}
        values = self.values
        d_name = self.delta_name
        d_value = self.delta_value
        seen = 0
        items = frame.f_locals.items()
        for name, obj in items:
            if is_module and (
                name.startswith("__") or type(obj) is types.ModuleType
            ):
                continue
            seen += 1
            prev = cache.get(name)
            if prev is not None and prev[0] is obj and type(obj) in STABLE_TYPES:
                continue
            vidx = values.encode(obj)
            if prev is None or prev[1] != vidx:
                d_name.append(self.name_id(name))
                d_value.append(vidx)
            cache[name] = (obj, vidx)
        if seen < len(cache):
            current = frame.f_locals
            for name in [n for n in cache if n not in current]:
                del cache[name]
                d_name.append(self.name_id(name))
                d_value.append(-1)

    def emit(self, kind, fid, frame, line, aux, file_idx):
        self.kind.append(kind)
        self.file.append(file_idx)
        self.line.append(line)
        self.frame.append(fid)
        self.depth.append(self.frames[fid][3])
        self.out.append(self.output.length)
        self.delta_start.append(len(self.delta_name))
        self.aux.append(aux)
        self.snapshot_locals(fid, frame, frame.f_code.co_name == "<module>")
        self.count += 1

    def check_budget(self):
        if self.stopped is not None:
            raise BudgetExceeded(self.stopped)
        if self.count >= self.max_events:
            self.stopped = "events"
            raise BudgetExceeded("events")
        if (self.count & 1023) == 0 and time.perf_counter() > self.deadline:
            self.stopped = "seconds"
            raise BudgetExceeded("seconds")

    def frame_for(self, frame, start):
        key = id(frame)
        fid = self.live.get(key)
        if fid is None or start:
            parent = self.stack[-1] if self.stack else -1
            depth = self.frames[parent][3] + 1 if parent >= 0 else 0
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
        if self.busy:
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
        if self.busy:
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
        if self.busy or code not in self.codes or isinstance(exc, BudgetExceeded):
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
                if not isinstance(exc, BudgetExceeded):
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
            if blocker in sys.meta_path:
                sys.meta_path.remove(blocker)
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
        columns = [self.kind, self.file, self.line, self.frame, self.depth, self.out,
                   self.delta_start, self.aux, self.delta_name, self.delta_value]
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
            "eventCount": len(self.kind),
            "deltaCount": len(self.delta_name),
            "columns": [[c.typecode, c.itemsize, len(c)] for c in columns],
            "names": self.names,
            "frames": self.frames,
            "values": [list(v[:3]) + [[list(c) for c in v[3]], v[4]] for v in self.values.table],
            "output": self.output.text(),
            "probes": self.probe_results,
            "notices": notices,
            "budget": {"maxEvents": self.max_events, "maxSeconds": self.max_seconds},
            "elapsedMs": round(elapsed * 1000, 3),
        }
        return json.dumps(meta, ensure_ascii=False, separators=(",", ":")), blob


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
    return f"stopped after {rec.max_seconds:g} s (the time budget)"


def record(request_json):
    """Run one request (see docs/trace-format.md) and return (meta_json, columns)."""
    request = json.loads(request_json)
    return _Recorder(request).run()
