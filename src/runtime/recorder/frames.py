"""The recorder's call stack: the frame id of each live frame of lesson code, its parent
and depth, how deep the thread's stack really is (for the program's recursion limit), and
what a returning frame hands back to its caller."""

from inspect import CO_OPTIMIZED, CO_VARARGS, CO_VARKEYWORDS

from .cells import left_in_cells
from .config import MAX_CALL_DEPTH, SUSPENDS, BudgetExceeded
from .letgo import ended
from .lifetimes import watch_suspended, weakly
from .returning import returns
from .scopes import frame_state


def _class_body(code):
    """1 for a class statement's body (the only code, besides a module's, that Python does
    not optimise since comprehensions are inlined), else 0."""
    return 0 if code.co_name == "<module>" or code.co_flags & CO_OPTIMIZED else 1


def _params(code):
    """How many of a code object's first local names are its parameters."""
    if code.co_name == "<module>" or not code.co_flags & CO_OPTIMIZED:
        return 0
    n = code.co_argcount + code.co_kwonlyargcount
    return n + bool(code.co_flags & CO_VARARGS) + bool(code.co_flags & CO_VARKEYWORDS)


def in_signature_order(code, keys, vals):
    """A function frame's names and values (`keys`, `vals`: its `f_locals`, in CPython's
    order: positional parameters, keyword-only ones, `*args`, `**kwargs`, other locals) as
    ``(name, value)`` pairs, `*args` before the keyword-only parameters as a signature
    writes it: `def f(a, *rest, k)` is shown `f(a=1, rest=(2,), k=3)`."""
    pairs = list(zip(keys, vals, strict=True))
    if code.co_flags & CO_VARARGS and code.co_kwonlyargcount:
        star = code.co_varnames[code.co_argcount + code.co_kwonlyargcount]
        at = next((i for i, (name, _) in enumerate(pairs) if name == star), -1)
        if at > code.co_argcount:
            pairs.insert(code.co_argcount, pairs.pop(at))
    return pairs


class Stack:
    """The stack half of `monitor.Recorder` (a mixin: the attributes are the recorder's)."""

    def frame_for(self, frame, start):
        key = id(frame)
        fid = self.live.get(key)
        if fid is not None and not start:
            parent = self.stack[-1] if self.stack else -1
            if self.frames[fid][2] != parent:
                fid = self._resumed_elsewhere(key, fid, parent)
            return fid
        if fid is None or start:
            parent = self.stack[-1] if self.stack else -1
            depth = self.frames[parent][3] + 1 if parent >= 0 else 0
            if depth > MAX_CALL_DEPTH:
                self.stop("depth")
                raise BudgetExceeded("depth")
            fid = len(self.frames)
            code = frame.f_code
            self.frames.append(
                [code.co_name, self.code_files[id(code)], parent, depth, self.count, fid,
                 _params(code), _class_body(code)]
            )
            self.live[key] = fid
            self.frame_states.pop(fid, None)
            st = frame_state(self, fid, frame)
            self.frames[fid][5] = st.scope.fid
            if code.co_flags & SUSPENDS:
                st.watch = watch_suspended(self.values, frame)
        return fid

    def _resumed_elsewhere(self, key, fid, parent):
        """A generator (or coroutine) resumed under another caller than its record's
        (`next(s)` at module level, then `s.send(v)` inside `c`): the stack now runs
        through that caller, at its depth. A new record of the same frame says so; it
        shares the frame's scope (its names' history goes on) and its first event (its
        parameters as they were passed), and the frame's state moves to it."""
        depth = self.frames[parent][3] + 1 if parent >= 0 else 0
        if depth > MAX_CALL_DEPTH:
            self.stop("depth")
            raise BudgetExceeded("depth")
        name, file_idx, _, _, first, scope_fid, params, class_body = self.frames[fid]
        new = len(self.frames)
        self.frames.append([name, file_idx, parent, depth, first, scope_fid, params, class_body])
        self.live[key] = new
        st = self.frame_states.pop(fid, None)
        if st is not None:
            st.depth = depth
            self.frame_states[new] = st
        return new

    def real_depth(self, frame):
        """How many Python frames the thread holds with `frame` on top, as the
        interpreter counts them against the recursion limit (usually one step back to
        the caller's frame, whose count is known)."""
        parent = self.frame_states.get(self.stack[-1]) if self.stack else None
        below = parent.frame if parent is not None and parent.real else None
        n = 1
        f = frame.f_back
        while f is not None:
            if f is below:
                return n + parent.real
            n += 1
            f = f.f_back
        return n

    def returned_to(self, value):
        """Note an object a callee returned or yielded, for its caller's next look: weakly
        when it can be (a temporary the caller drops within the line, `make().name`, dies
        there, as in a plain run, its `__del__` before the line's next call)."""
        st = self.frame_states.get(self.stack[-1])
        if st is not None:
            if st.returned is None:
                st.returned = [weakly(value)]
            else:
                st.returned.append(weakly(value))

    def delegating(self, frame):
        """Push the generators that delegate to `frame` with `yield from` when `throw()`
        resumes it: CPython puts their frames on the thread's stack around it without
        running them, so they have no event of their own. Outermost first; their ids, for
        `leave` to take them off again if `frame` yields back through them (if it returns
        or raises, the one above it runs on: it stays)."""
        top = self.frame_states.get(self.stack[-1]) if self.stack else None
        below = top.frame if top is not None else None
        found = []
        f = frame.f_back
        while f is not None and f is not below:
            fid = self.live.get(id(f))
            if fid is not None and id(f.f_code) in self.code_files and fid not in self.stack:
                found.append(f)
            f = f.f_back
        pushed = []
        for f in reversed(found):
            real = self.real_depth(f)
            fid = self.frame_for(f, False)
            self.stack.append(fid)
            pushed.append(fid)
            st = self.frame_states.get(fid)
            if st is not None:
                st.resumed = True
                st.real = real
        return pushed

    def leave(self, frame, fid, final):
        if self.stack and self.stack[-1] == fid:
            self.stack.pop()
        elif fid in self.stack:
            self.stack.remove(fid)
        delegates = self.delegates.pop(fid, None) if self.delegates else None
        if delegates and not final:  # a yield, through them: they stop running too
            for other in delegates:
                if other in self.stack:
                    self.stack.remove(other)
        if final:
            self.live.pop(id(frame), None)
            st = self.frame_states.pop(fid, None)
            if self.values.pinned and st is not None and st.scope.held:
                # (what its names held dies with it: letgo.py)
                ended(self.values, st.scope.vals, self, frame)
                code = st.code
                if code.co_cellvars or code.co_freevars:  # (a closure may hold them now)
                    left_in_cells(self.values, st, code.co_cellvars + code.co_freevars)
                if st.scope.ns is None and st.watch is None and self.stopped is None:
                    returns(self.values, st, frame)  # (at once, if it goes with the frame)
            if st is not None and self.frames[fid][7] and (ns := st.scope.ns) is not None \
                    and self.scopes.get(id(ns)) is st.scope:
                # A class body's namespace: no frame runs in it again, and its record
                # would hold what the class lets go of later (`del K.attr`) past that.
                del self.scopes[id(ns)]

    def suspended_died(self, key):
        """A generator (or coroutine) whose frame is `key` died: if it was suspended at a
        `yield` that no `try` holds, Python let go of its frame with no event (closing it
        had nothing to run), so its frame ends here, as a plain run's does, and what only
        its names held goes with it (lifetimes.watch_suspended). Its names let go of their
        objects last name first, as the interpreter clears a frame; a generator one of them
        held ends its frame there, before the next name goes (`it = inner()`: `inner`'s
        names go before the outer's first)."""
        fid = self.live.get(key)
        st = self.frame_states.get(fid) if fid is not None else None
        if st is not None and id(st.frame) == key and fid not in self.stack \
                and st.frame.f_generator is None:
            self.leave(st.frame, fid, True)
            vals = st.scope.vals
            st = None
            gone = self.values.gone_frames
            while vals:
                vals.pop()
                if gone:
                    self.frames_end()

    def frames_end(self):
        """End the frames of the generators that died suspended (`values.gone_frames`), in
        the order they died, except that a generator's delegates end before it: closing a
        generator suspended in `yield from` closes the one it delegates to first (which
        dies after it, with its frame)."""
        gone = self.values.gone_frames
        while gone:
            died = gone[:]
            gone.clear()
            for key in (self._inner_first(died) if len(died) > 1 else died):
                self.suspended_died(key)

    def _inner_first(self, keys):
        """`keys` (frames' ids) in their order, each after those among them it started."""
        fids = [self.live.get(key) for key in keys]
        at = {fid: i for i, fid in enumerate(fids) if fid is not None}
        parents = [self.frames[fid][2] if fid is not None else None for fid in fids]
        started = {}
        for i, parent in enumerate(parents):
            if parent in at:
                started.setdefault(at[parent], []).append(i)
        order = []

        def add(i):
            for j in started.pop(i, ()):
                add(j)
            order.append(keys[i])

        for i, parent in enumerate(parents):
            if parent not in at:
                add(i)
        return order

    def caller_names(self, frame):
        """What the names of `frame`'s caller held at their last look (none if untraced)."""
        st = self.frame_states.get(self.live.get(id(frame.f_back)))
        if st is None:
            return ()
        return st.scope.cache.values() if st.scope.ns is not None else st.scope.vals or ()

    def release(self):
        """After the run: let go of every object of the run (frames, namespaces, values
        seen), keeping only what the trace is written from, so that they can be finalized
        before the interpreter is put back (finalize.py)."""
        self.frame_states.clear()
        self.scopes.clear()
        self.live.clear()
        self.delegates.clear()
        self.refused = None
        self.values.release()
