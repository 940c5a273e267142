"""The recorder's state during a run and its ``sys.monitoring`` (PEP 669) callbacks:
one event per function start, line, return and exception in *lesson* code only."""

import signal
import sys
import time
import types

from . import config
from .comprehensions import instruction_callback, note_shadows
from .config import (
    DEFAULT_MAX_EVENTS,
    DEFAULT_MAX_SECONDS,
    HARD_MAX_EVENTS,
    HARD_MAX_SECONDS,
    K_CALL,
    K_EXCEPTION,
    K_RETURN,
    K_UNWIND,
    K_YIELD,
    MAX_OUTPUT_CHARS,
    WORK_PER_CLOCK_CHECK,
    BudgetExceeded,
)
from .escapes import started
from .events import NO_AUX, emit, exit_callback, line_callback
from .frames import Stack
from .lines import Lines
from .output import Output
from .values import Values

# Private references: a lesson that patches sys, time or signal cannot break the callbacks.
_getframe = sys._getframe
_clock = time.perf_counter
_set_signal_handler = signal.signal
_signal_handler = signal.getsignal
# The signal the page's watchdog raises through Pyodide's interrupt buffer (WATCHDOG_SIGNAL
# in protocol.ts). Not SIGINT, which stays the program's own.
_WATCHDOG = signal.SIGUSR1
# Handlers a run may set, none of which may outlive it (a later run's own raise_signal
# would call it): every signal's is put back as it was before the run.
_KEPT_SIGNALS = tuple(sorted(signal.valid_signals()))

_TOOL_NAME = "watch-python-think"


class Recorder(Stack):
    """Everything recorded so far in one run, and the callbacks that record it."""

    emit = emit  # any event's record (events.py)

    def __init__(self, request):
        budget = request.get("budget") or {}
        self.max_events = int(min(budget.get("maxEvents") or DEFAULT_MAX_EVENTS, HARD_MAX_EVENTS))
        self.max_seconds = float(
            min(budget.get("maxSeconds") or DEFAULT_MAX_SECONDS, HARD_MAX_SECONDS)
        )
        self.files = request["files"]
        self.scenario = request.get("scenario", "")
        self.paths = [f["path"] for f in self.files]
        self.code_lines = []  # per file, the lines that have code (session.code_lines)
        self.file_index = {p: i for i, p in enumerate(self.paths)}
        self.brute = config.BRUTE_FORCE

        # One row of ROW_WIDTH ints per event (events.py), and one triple per change
        # (hotpath.py): (target, name index, value). Plain lists while recording (one C
        # call per event, and never half a row); serialise.py makes the typed columns of
        # the trace format from them.
        self.rows = []
        self.deltas = []

        self.names = []
        self.name_index = {}
        # [function, file index, parent frame id, depth, first event, scope frame id,
        #  number of parameters]
        self.frames = []
        self.live = {}  # id(frame object) -> frame id
        self.frame_states = {}  # frame id -> scopes.FrameState, while the frame lives
        self.scopes = {}  # id(namespace dict) -> scopes.Scope (module globals, class bodies)
        self.lines = Lines()
        self.comprehensions = {}  # code -> comprehensions.comprehension_regions(code)
        self.shadows = {}  # id(code) -> comprehensions.shadow_points, where there are any
        self.stack = []  # frame ids of live traced frames, innermost last
        self.delegates = {}  # frame id -> the frames `delegating` pushed under it
        self.values = Values(self.scopes)
        self.values.lesson_modules = frozenset(
            f["module"] for f in self.files if f.get("module")
        )
        self.output = Output(MAX_OUTPUT_CHARS)
        # code object -> file index, and the same by id(code): hashing a code object hashes
        # its constants (a 5,000-line module has thousands), so the hot path looks up ids.
        self.codes = {}
        self.code_files = {}
        self.busy = False
        self.stopped = None  # None, or the reason a budget stopped the run
        self.deadline = 0.0
        self.next_clock_check = WORK_PER_CLOCK_CHECK
        self.count = 0
        # The LINE callback calls check_budget from this event count on (0: at the next
        # one, after stop() or once enough objects were looked at: events.record_reached)
        self.check_at = 0
        self.probes = {}
        for probe in request.get("probes") or []:
            key = (self.file_index.get(probe["path"], -1), int(probe["line"]))
            self.probes.setdefault(key, []).append(probe)
        self.probe_results = []  # [event index, probe id, "ok"|"log"|"error", text]
        self.recursion = None  # sandbox.RecursionLimit: the program's recursion limit
        self.refused = None  # the last frame on_start refused to start (RecursionError)
        self.kept_handlers = ()  # (signal, handler) as they were before attach

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
        self.code_files[id(code)] = file_idx
        note_shadows(self, code)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                self.register_code(const, file_idx)

    def check_budget(self):
        if self.stopped is not None:
            raise BudgetExceeded(self.stopped)
        if self.count >= self.max_events:
            self.stop("events")
            raise BudgetExceeded("events")
        if (self.count & 1023) == 0 or self.values.work >= self.next_clock_check:
            self.next_clock_check = self.values.work + WORK_PER_CLOCK_CHECK
            if _clock() > self.deadline:
                self.stop("seconds")
                raise BudgetExceeded("seconds")
        # The LINE callback checks again at the next multiple of 1024 events, or at the
        # event budget
        self.check_at = min(self.max_events, (self.count | 1023) + 1)

    def module_written(self):
        """One of the run's modules had an attribute set or deleted, maybe by code that is
        not traced (modules.py): the next event looks at every namespace (events.emit)."""
        if self.brute is False:  # ("frames" looks at every namespace at every event)
            self.brute = "namespaces"

    def stop(self, reason):
        """Stop recording: nothing more is recorded, and every later event checks why."""
        self.stopped = reason
        self.check_at = 0

    # -- installing the callbacks ---------------------------------------------

    def attach(self):
        """Enable the callbacks for the lesson's code objects (registered beforehand)."""
        mon = sys.monitoring
        tool = mon.DEBUGGER_ID
        try:
            mon.use_tool_id(tool, _TOOL_NAME)
        except ValueError:
            mon.free_tool_id(tool)
            mon.use_tool_id(tool, _TOOL_NAME)
        ev = mon.events
        for event, callback in self._callbacks():
            mon.register_callback(tool, event, callback)
        # Code-level events only for lesson code objects; RAISE, PY_UNWIND and PY_THROW
        # can only be enabled globally, so their callbacks filter by code object. PY_START
        # is global too, to see exec and eval run code (escapes.started; once per code).
        wanted = ev.PY_START | ev.PY_RESUME | ev.LINE | ev.PY_RETURN | ev.PY_YIELD
        for code in self.codes:
            shadowed = ev.INSTRUCTION if id(code) in self.shadows else 0
            mon.set_local_events(tool, code, wanted | shadowed)
        mon.set_events(tool, ev.RAISE | ev.PY_UNWIND | ev.PY_THROW | ev.PY_START)
        self.kept_handlers = tuple((sig, _signal_handler(sig)) for sig in _KEPT_SIGNALS)
        _set_signal_handler(_WATCHDOG, self.on_interrupt)

    def detach(self):
        mon = sys.monitoring
        tool = mon.DEBUGGER_ID
        mon.set_events(tool, 0)
        for code in self.codes:
            mon.set_local_events(tool, code, 0)
        for event, _ in self._callbacks():
            mon.register_callback(tool, event, None)
        mon.free_tool_id(tool)
        # What the run set for any signal goes with it; between runs a stray watchdog
        # signal is ignored (SIG_DFL: Python does not handle it).
        for sig, handler in self.kept_handlers:
            if _signal_handler(sig) is not handler:
                _set_signal_handler(sig, signal.SIG_DFL if handler is None else handler)

    def on_interrupt(self, signum, frame):
        """The watchdog's signal while the run is recorded: the page, through Pyodide's
        interrupt buffer, asks the run to stop (it took too long). Stopped for good, even if
        lesson code catches the KeyboardInterrupt. A KeyboardInterrupt or a SIGINT of the
        program's own does not come here: it is the program's, recorded like any other."""
        self.stop("interrupted")
        raise KeyboardInterrupt

    def _callbacks(self):
        ev = sys.monitoring.events
        return (
            (ev.PY_START, self.on_start),
            (ev.PY_RESUME, self.on_resume),
            (ev.PY_THROW, self.on_throw),
            (ev.LINE, line_callback(self)),
            (ev.INSTRUCTION, instruction_callback(self)),
            (ev.PY_RETURN, exit_callback(self, K_RETURN, final=True, filtered=False)),
            (ev.PY_YIELD, exit_callback(self, K_YIELD, final=False, filtered=False)),
            (ev.RAISE, exit_callback(self, K_EXCEPTION, final=None, filtered=True)),
            (ev.PY_UNWIND, exit_callback(self, K_UNWIND, final=True, filtered=True)),
        )

    # -- sys.monitoring callbacks -------------------------------------------

    def on_start(self, code, offset):
        if id(code) not in self.code_files:  # code not traced (global PY_START)
            return started(self, code, _getframe(1))
        if self.busy:
            return
        self.busy = True
        try:
            self.check_budget()
            frame = _getframe(1)
            real = self.real_depth(frame)
            if self.recursion is not None and real > self.recursion.limit:
                # Where plain Python would raise it: the callbacks' own frames count
                # against the interpreter's limit, not the program's (sandbox.HEADROOM).
                self.refused = frame  # left out of the error's traceback
                raise RecursionError("maximum recursion depth exceeded")
            fid = self.frame_for(frame, True)
            self.stack.append(fid)
            self.frame_states[fid].real = real
            self.emit(K_CALL, fid, frame, frame.f_lineno or code.co_firstlineno, NO_AUX,
                      self.code_files[id(code)])
        finally:
            self.busy = False

    def on_resume(self, code, offset):
        self.resume(_getframe(1))

    def on_throw(self, code, offset, exception):
        """`generator.throw()` or `.close()` (and so a `with` block's exception in a
        `@contextmanager`): the generator's frame runs again, as on a resume, under the
        generators that delegate to it (`delegating`)."""
        if id(code) in self.code_files:
            self.resume(_getframe(1), thrown=True)

    def resume(self, frame, thrown=False):
        if self.busy:
            return
        self.busy = True
        try:
            pushed = None
            if thrown:
                fid = self.live.get(id(frame))
                if fid is not None and self.stack and self.stack[-1] == fid:
                    return  # pushed as a delegate: what it delegated to raised into it
                pushed = self.delegating(frame)
            real = self.real_depth(frame)  # a generator may resume at another depth
            fid = self.frame_for(frame, False)
            self.stack.append(fid)
            if pushed:
                self.delegates[fid] = pushed
            st = self.frame_states.get(fid)
            if st is not None:
                st.resumed = True
                st.real = real
        finally:
            self.busy = False
