"""One event's record: its row, then what changed since the frame's previous event
(hotpath.py looks). `emit` records any event; `exit_callback` makes the callbacks of a
return, a yield, a raise and an unwind; `line_callback` makes the LINE callback, which
records the commonest event of all in place: the next line of a function frame with
nothing pending (no generator resumed, no brute-force look, no line with a rare effect, no
inlined comprehension). Everything else goes through `emit`, and the brute-force tests
(`config.BRUTE_FORCE`) hold both to looking at everything.

A row is ROW_WIDTH ints: ``(kind, file, line, frame id, depth, output length, first
delta, aux ref)``.
"""

import sys
from gc import get_referents
from inspect import CO_ASYNC_GENERATOR

from .config import K_CALL, K_EXCEPTION, K_LINE, K_RETURN, K_UNWIND, K_YIELD, is_object
from .escapes import widen
from .futures import moved
from .hotpath import (
    all_namespaces,
    diff_locals,
    look,
    named_by_function,
    other_frames,
    stack_objects,
    through_unfollowed,
    touched_namespaces,
)
from .letgo import let_go
from .lifetimes import living
from .lines import EMPTY
from .probes import run_probes
from .scopes import LOCALS_PROXY, frame_state

NO_AUX = object()  # emit()'s `aux` when the event has no value of its own
_getframe = sys._getframe  # a lesson that patches sys cannot break the callback
_type_flags = type.__dict__["__flags__"].__get__
_HEAPTYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class a program can make


def yielded(value):
    """What an async generator's frame hands out at a yield (`value`, as the interpreter
    reports it): the program's value, not the wrapper CPython puts it in on its way to
    `anext()`: a C type (no program can make one, or a class of that name) no program can
    reach. An `await`'s value is not wrapped."""
    tp = type(value)
    if type(tp) is type and not _type_flags(tp) & _HEAPTYPE \
            and tp.__name__ == "async_generator_wrapped_value":
        return get_referents(value)[0]
    return value


def emit(self, kind, fid, frame, line, aux, file_idx):
    """Append one event (`aux`: the returned value or the exception, else NO_AUX) and
    what changed since the previous event."""
    st = self.frame_states.get(fid)
    if st is None:
        st = frame_state(self, fid, frame)
    deltas = self.deltas
    aux_ref = -1
    roots = []
    if aux is not NO_AUX:
        aux_ref = self.values.ref(aux)
        if is_object(aux):
            roots.append(aux)
    self.rows.extend(
        (kind, file_idx, line, fid, st.depth, self.output.length, len(deltas) // 3, aux_ref)
    )
    brute = self.brute
    if brute is True:
        look_at_stack(self, roots)
        if fid not in self.stack:
            look(self, st, True, roots)
    else:
        if (kind == K_CALL or st.resumed) and len(self.stack) > 1:
            caller = self.frame_states.get(self.stack[-2])
            if caller is not None:
                look(self, caller, False, roots)
        st.resumed = False
        look(self, st, False, roots)
        if brute:
            # "namespaces": a run's module had an attribute set (modules.py): look at them
            # all, once. "frames": a frame's `f_locals` proxy is out (record_reached), and a
            # write through it rebinds that frame's names from any line: every frame on the
            # stack and every namespace, at every event from then on.
            if brute == "namespaces":
                self.brute = False
            else:
                other_frames(self, st, roots)
            all_namespaces(self, roots)
    values = self.values
    if values.pending:  # a future drawn pending: it may have settled in the event loop
        moved(values, roots)
    if roots:
        record_reached(self, roots)
    # What the look held in `roots` (a name's old value, unbound by `del`) goes first:
    # a generator that dies with it ends its frame in this event's let_go, not the next.
    roots = None
    if self.count >= values.pinned_due:
        let_go(values, self.count)
    if values.died_busy:
        after_deaths(self)
    st.line = line
    self.count += 1


def after_deaths(self):
    """An object died inside this event's recording and ran lesson code as it did, untraced
    (lifetimes.py): look at every frame and namespace once more, as part of this event."""
    while self.values.died_busy:
        self.values.died_busy = False
        roots = []
        look_at_stack(self, roots)
        all_namespaces(self, roots)
        record_reached(self, roots)


def look_at_stack(self, roots):
    """Look at everything every frame on the stack may have changed."""
    for fid in self.stack:
        st = self.frame_states.get(fid)
        if st is not None:
            look(self, st, True, roots)


def record_reached(self, roots):
    """Record, as deltas in the order of their ids, every object reached from `roots` whose
    node changed (and the bindings of a namespace changed as a dict). Past
    WORK_PER_CLOCK_CHECK objects looked at, the next line event reads the clock. Once the
    program holds a frame's `f_locals` proxy where it can be seen (it was drawn), every
    event looks at every frame ("frames", emit)."""
    out = []
    self.values.reach(roots, out)
    if self.values.touched:
        touched_namespaces(self, out)
    if self.values.work >= self.next_clock_check:
        self.check_at = 0
    if self.brute is not True and LOCALS_PROXY in self.values.kinds:
        self.brute = "frames"
    if self.values.watched:
        widen(self, self.values.watched)
    if out:
        out.sort()
        deltas = self.deltas
        for oid, node in out:
            deltas.extend((-oid, -1, node))


def line_callback(self):
    """The recorder's (`self`) LINE callback, made once per run: what it reads at every
    event is bound here (the run's lists and tables are never replaced while it runs)."""
    live_get = self.live.get
    states_get = self.frame_states.get
    code_files = self.code_files
    rows_extend = self.rows.extend
    deltas = self.deltas
    output = self.output
    probes = self.probes
    stack = self.stack
    values = self.values

    def on_line(code, line):
        if self.busy:
            return
        self.busy = True
        try:
            if self.count >= self.check_at:
                self.check_budget()
            frame = _getframe(1)
            fid = live_get(id(frame))
            if fid is None:
                fid = self.frame_for(frame, True)
                stack.append(fid)
            file_idx = code_files[id(code)]
            if probes:
                here = probes.get((file_idx, line))
                if here:
                    run_probes(here, frame, self.count, self.probe_results)
            st = states_get(fid)
            if st is None or not st.plain or st.resumed or self.brute is not False:
                emit(self, K_LINE, fid, frame, line, NO_AUX, file_idx)
                return
            info = st.lines.get(st.line, EMPTY)  # what the frame's previous line touched
            if info.special or info.attr_store:
                emit(self, K_LINE, fid, frame, line, NO_AUX, file_idx)
                return
            # What `emit` does for this event, less what cannot apply to it.
            rows_extend((K_LINE, file_idx, line, fid, st.depth, output.length,
                         len(deltas) // 3, -1))
            roots = []
            if st.returned is not None:
                roots.extend(living(st.returned))
                st.returned = None
            diff_locals(self, st, roots)
            if info.chains and through_unfollowed(self, st, info.chains):
                stack_objects(self, roots)  # (as `look` does)
            if info.global_names or st.scope.held:  # else it names nothing to look at
                named_by_function(st.scope, info, frame.f_globals, roots)
            if values.pending:
                moved(values, roots)
            if roots:
                record_reached(self, roots)
            roots = None  # (as in emit)
            if self.count >= values.pinned_due:
                let_go(values, self.count)
            if values.died_busy:
                after_deaths(self)
            st.line = line
            self.count += 1
        finally:
            self.busy = False

    return on_line


def exit_callback(self, kind, final, filtered):
    """The recorder's (`self`) callback of an event where a frame stops running: a return
    or a yield (``kind`` K_RETURN, or K_YIELD with ``final`` False: the frame lives on), a
    raise (K_EXCEPTION, ``final`` None: the frame stays on the stack) or an unwind
    (K_UNWIND).
    ``filtered``: a global event (RAISE, PY_UNWIND), so code that is not the lesson's
    is skipped.

    A ``StopIteration`` raised with no traceback is no event: CPython's own, as an
    ``await`` or ``yield from`` ends, never seen by the program (docs/trace-format.md).

    Once stopped nothing more is recorded: rendering the frame's variables again
    could re-enter what was stuck (a user __repr__) with no interrupt to come. Only an
    unwind still leaves its frame, so the stack stays true while the stop propagates.

    Made once per attach: an event costs one Python call, this closure's."""
    code_files = self.code_files
    live = self.live
    unwind = kind == K_UNWIND
    returns = kind in (K_RETURN, K_YIELD)  # hands a value to the caller
    raises = kind == K_EXCEPTION
    yields = kind == K_YIELD

    def callback(code, offset, value):
        if self.busy or (filtered and id(code) not in code_files):
            return
        if yields and code.co_flags & CO_ASYNC_GENERATOR:
            value = yielded(value)
        if raises and type(value) is StopIteration and value.__traceback__ is None:
            return
        stopped = self.stopped is not None
        if stopped and not unwind:
            return
        self.busy = True
        try:
            frame = _getframe(1)
            fid = live.get(id(frame))
            if fid is not None:
                if not stopped:
                    self.emit(kind, fid, frame, frame.f_lineno or 0, value,
                              code_files[id(code)])
                if final is not None:
                    self.leave(frame, fid, final)
                    if returns and is_object(value) and self.stack:
                        self.returned_to(value)
                elif (st := self.frame_states.get(fid)) is not None:
                    # A raise: the frame's next event looks at all its names, for an
                    # `except E as e` left by a raise unbinds `e` in no line of its own.
                    st.raised = True
        finally:
            self.busy = False

    return callback
