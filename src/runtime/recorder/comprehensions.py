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
the loop. Code whose bytecode does not look like that gets no regions (as before)."""

import dis

_HANDLER_HEAD = ("SWAP", "POP_TOP", "SWAP")


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
