"""Where a function's inlined comprehensions run (PEP 709, Python 3.12+).

A comprehension in a function runs in the function's own frame: while it runs, its loop
variable lives in the function's slot of the same name (the function's own value waits on
the stack, out of reach), so `f_locals` shows `x = 0, 1, 2` for a function whose `x` is
5 throughout. In Python's model the comprehension has a scope of its own, so the recorder
keeps each such name at the value the function held before the comprehension started
(or unbound) while execution is inside it. The comprehension's own variables are not
shown there.

Found from the bytecode: each inlined comprehension is covered by exception-table entries
whose handler puts the saved names back (``SWAP 2, POP_TOP, SWAP 2, STORE_FAST x...,
RERAISE``); on the normal path the same names are put back by ``STORE_FAST`` right after
the loop. Code whose bytecode does not look like that gets no regions (as before).

"Before it" is the frame's previous event, unless the comprehension's own line wrote the
name first (``x = 2; ys = [g() for x in r]``): then the function's value is on the stack
only, so the recorder reads it just before ``LOAD_FAST_AND_CLEAR`` takes it there (an
INSTRUCTION event enabled on such code only, every other instruction disabled at once:
``shadow_points``, ``instruction_callback``)."""

import dis
import sys

_HANDLER_HEAD = ("SWAP", "POP_TOP", "SWAP")
_LOAD_AND_CLEAR = dis.opmap["LOAD_FAST_AND_CLEAR"]
_EXTENDED_ARG = dis.opmap["EXTENDED_ARG"]
# Ops that write a frame slot, and how each finds its slots in its argument.
_SLOT_WRITES = {dis.opmap[n]: (lambda a: (a,)) for n in ("STORE_FAST", "DELETE_FAST")}
_SLOT_WRITES[dis.opmap["STORE_FAST_STORE_FAST"]] = lambda a: (a >> 4, a & 15)
_SLOT_WRITES[dis.opmap["STORE_FAST_LOAD_FAST"]] = lambda a: (a >> 4,)
_CO_OPTIMIZED = 1  # a function's code (inspect.CO_OPTIMIZED): modules and classes have none
_DISABLE = sys.monitoring.DISABLE
_getframe = sys._getframe
UNBOUND = object()  # a saved name the function had not bound (`del x; [.. for x in r]`)


def _written(ins):
    """The names an instruction stores or deletes in the frame's own slots."""
    name = ins.opname
    if name in ("STORE_FAST", "DELETE_FAST"):
        return (ins.argval,)
    if name == "STORE_FAST_STORE_FAST":
        return ins.argval
    if name == "STORE_FAST_LOAD_FAST":
        return ins.argval[:1]
    return ()


def shadow_points(code, regions):
    """``{offset: (first, name)}``: each ``LOAD_FAST_AND_CLEAR`` of `name` on a line that
    wrote `name` before it, with the first offset of the comprehension it saves the name
    for (the nearest region after it that hides the name)."""
    points = {}
    written = {}  # line -> names written on it so far
    line = None
    for ins in dis.get_instructions(code):
        if ins.line_number is not None:
            line = ins.line_number
        if ins.opcode == _LOAD_AND_CLEAR:
            if ins.argval in written.get(line, ()):
                first = min((f for f, _last, names in regions
                             if f > ins.offset and ins.argval in names), default=None)
                if first is not None:
                    points[ins.offset] = (first, ins.argval)
        else:
            for name in _written(ins):
                written.setdefault(line, set()).add(name)
    return points


def _may_shadow(code):
    """Whether some ``LOAD_FAST_AND_CLEAR`` of `code` saves a slot written earlier in the
    code: one pass over the raw bytecode, so that `dis` (milliseconds per function in the
    browser) reads only the rare code where a shadow point can be."""
    raw = code.co_code
    written = set()
    ext = 0
    for i in range(0, len(raw), 2):
        op = raw[i]
        arg = raw[i + 1] | ext
        ext = arg << 8 if op == _EXTENDED_ARG else 0
        if op == _LOAD_AND_CLEAR:
            if arg in written:
                return True
        else:
            slots = _SLOT_WRITES.get(op)
            if slots is not None:
                written.update(slots(arg))
    return False


def note_shadows(rec, code):
    """Before the run, for each lesson code object: its shadow points, if any, in
    `rec.shadows` (by id), so that the INSTRUCTION event is enabled on it."""
    if not code.co_flags & _CO_OPTIMIZED or _LOAD_AND_CLEAR not in code.co_code[::2]:
        return
    if not _may_shadow(code):
        return
    regions = rec.comprehensions.get(code)
    if regions is None:
        regions = rec.comprehensions[code] = comprehension_regions(code)
    points = shadow_points(code, regions) if regions else None
    if points:
        rec.shadows[id(code)] = points


def instruction_callback(rec):
    """The INSTRUCTION callback: at a shadow point, the value the frame holds under the
    name (or UNBOUND) goes in its state's `saved`, by (region's first offset, name), for
    hotpath to show while the comprehension runs. Not inside a comprehension that hides
    the name already: the function's value is the outermost one's."""
    shadows = rec.shadows
    live = rec.live
    states = rec.frame_states

    def on_instruction(code, offset):
        points = shadows.get(id(code))
        point = points.get(offset) if points else None
        if point is None:
            return _DISABLE
        st = states.get(live.get(id(_getframe(1)), -1))
        if st is None:
            return None
        first, name = point
        for f, last, names in st.comprehensions:
            if f <= offset <= last and name in names:
                return None
        if st.saved is None:
            st.saved = {}
        st.saved[(first, name)] = st.loc.get(name, UNBOUND)
        return None

    return on_instruction


def comprehension_regions(code):
    """``((first offset, last offset, names), ...)``: while a frame of `code` is at an
    offset in a region, the slots of `names` hold a comprehension's variables. Offsets
    inclusive; the last is the normal path's final restoring ``STORE_FAST``."""
    try:
        entries = dis.Bytecode(code).exception_entries
    except Exception:  # another bytecode layout: no regions
        return ()
    if not entries:
        return ()
    instructions = list(dis.get_instructions(code))
    at = {ins.offset: i for i, ins in enumerate(instructions)}
    spans = {}
    for e in entries:
        lo, hi = spans.get(e.target, (e.start, e.end))
        spans[e.target] = (min(lo, e.start), max(hi, e.end))
    regions = []
    for target, (start, end) in spans.items():
        names = _restored(instructions, at.get(target))
        if not names:
            continue
        last = _last_restore(instructions, at, end, names)
        if last is not None:
            regions.append((start, last, frozenset(names)))
    return tuple(regions)


def _restored(instructions, i):
    """The names a comprehension's cleanup handler at index `i` stores back, or None."""
    if i is None or i + 4 >= len(instructions):
        return None
    if tuple(ins.opname for ins in instructions[i : i + 3]) != _HANDLER_HEAD:
        return None
    names = []
    for ins in instructions[i + 3 :]:
        if ins.opname == "STORE_FAST":
            names.append(ins.argval)
        elif ins.opname == "RERAISE":
            return names
        else:
            return None
    return None


def _last_restore(instructions, at, end, names):
    """The offset of the normal path's last ``STORE_FAST`` of `names`, at or after `end`
    (a few instructions on: the comprehension's result may be stored first)."""
    i = at.get(end)
    if i is None:
        return None
    left = set(names)
    for ins in instructions[i : i + 4 + len(names)]:
        if ins.opname == "STORE_FAST" and ins.argval in left:
            left.discard(ins.argval)
            if not left:
                return ins.offset
    return None


_NONE = object()  # (a name with no saved value)


def outside_comprehensions(st, at, keys, vals):
    """`keys` and `vals` as the function of frame `st` holds them when it is at offset `at`
    inside an inlined comprehension: the comprehension's names keep the function's
    values from before it (comprehensions.py)."""
    inside = [(first, names) for first, last, names in st.comprehensions if first <= at <= last]
    if not inside:
        return keys, vals
    scope = st.scope
    hidden = frozenset().union(*(names for _first, names in inside))
    old = dict(zip(scope.keys, scope.vals, strict=True)) if scope.keys else {}
    if st.saved:  # values saved as the line hid them, the outermost comprehension's last
        for first, names in sorted(inside, key=lambda region: region[0], reverse=True):
            for name in names:
                obj = st.saved.get((first, name), _NONE)
                if obj is UNBOUND:
                    old.pop(name, None)
                elif obj is not _NONE:
                    old[name] = obj
    out_keys, out_vals = [], []
    for name, obj in zip(keys, vals, strict=True):
        if name not in hidden:
            out_keys.append(name)
            out_vals.append(obj)
        elif name in old:
            out_keys.append(name)
            out_vals.append(old[name])
    for name in hidden:
        if name in old and name not in out_keys:
            out_keys.append(name)
            out_vals.append(old[name])
    return out_keys, out_vals
