"""What a line can touch: the names its bytecode loads, stores and deletes.

The recorder looks only at these after a line ran (and at the objects they reach), not
at everything in scope. Computed once per code object, from ``dis``.
"""

import dis

# Calls that can rebind names of a namespace without naming them in the bytecode: a line
# that loads one of these rescans the whole namespace of its frame (and of its globals).
_RESCAN_NAMES = frozenset(
    ["globals", "locals", "vars", "exec", "eval", "setattr", "delattr", "__import__"]
)
# Names and attributes through which a line can reach a namespace it does not name and
# rebind its names (`sys.modules[__name__].__dict__["x"] = 2`, `f.__globals__["x"] = 2`,
# `getattr(builtins, "globals")()`, a frame's `f_locals`): a line that loads one looks at
# every namespace of the run afterwards. Through `f_locals` it can also rebind a function
# frame's locals: that line looks at every frame on the stack too. (Walking frames with
# `f_back` reaches nothing by itself: a walk that reads `f_locals` says so.)
_REACH_NAMES = frozenset([
    "getattr", "__dict__", "__globals__", "__builtins__", "modules", "f_globals",
    "f_builtins", "f_locals",
])
# Ways to rebind a function frame's local without naming the frame: its `f_locals` proxy
# (loaded), a closure cell's `cell_contents` (stored or deleted: `fn.__closure__[0].
# cell_contents = 2`), and `setattr`/`delattr`, which may set the same (`setattr(cell,
# "cell_contents", 2)`). A line that does any looks at every frame on the stack after it.
_FRAME_LOCALS = "f_locals"
_CELL_CONTENTS = "cell_contents"
_REBINDS_ANY = frozenset(["setattr", "delattr"])
# Calls that run code of their own (a string): it may change any object, not only those
# the line names (`exec("lst.append(2)")`), so the line is `unnamed` too.
_RUNS_CODE = frozenset(["exec", "eval"])
_GLOBAL_STORES = frozenset(["STORE_GLOBAL", "DELETE_GLOBAL"])
_NAME_OPS = frozenset([
    "LOAD_NAME", "STORE_NAME", "DELETE_NAME", "LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL",
    "LOAD_DEREF", "STORE_DEREF", "DELETE_DEREF", "LOAD_CLOSURE", "LOAD_FROM_DICT_OR_DEREF",
    "LOAD_FROM_DICT_OR_GLOBALS", "MAKE_CELL",
])


class LineInfo:
    """The names one line touches."""

    __slots__ = ("names", "local_names", "global_names", "stores", "global_stores", "rescan",
                 "outer_stores", "attr_store", "reach", "frame_locals", "unnamed", "chains",
                 "special")

    def __init__(self):
        self.names = []  # every name loaded, stored or deleted, each once, in order
        # In a function's code, `names` split: the frame's own (fast, cell and free
        # variables: in its `f_locals`) and the rest (globals and builtins)
        self.local_names = []
        self.global_names = []
        self.stores = []  # names stored or deleted in the frame's own namespace
        self.global_stores = []  # names stored or deleted with `global`
        self.rescan = False  # see _RESCAN_NAMES; also `from m import *`
        self.outer_stores = False  # stores a free variable (`nonlocal`): an outer frame's
        # sets or deletes an attribute: on a module (`__main__.x = 1`), a global of it
        self.attr_store = False
        self.reach = False  # loads one of _REACH_NAMES (a name or an attribute)
        self.frame_locals = False  # may rebind another frame's locals (_FRAME_LOCALS)
        # changes a value no name of the line holds (`stack.pop().append(9)`,
        # `q.get()["n"] = 1`, `grid[35].append(5)`): an object the line's names may not
        # reach (a container shows its first 30 items), which another name may show
        self.unnamed = False
        # names through whose attributes the line may change an object (`C.items.append(1)`,
        # `m.table[k] = v`, `self.log.clear()`): when one holds a class, a module or an
        # instance of a class not the lesson's, whose attributes are not followed, the object
        # may be one no name of the line reaches (hotpath.through_unfollowed)
        self.chains = []
        # global_stores, rescan, outer_stores, reach, frame_locals or unnamed: one flag for
        # the hot path's rare cases (not chains: `self.items.append(v)` is common, and costs
        # a look only when `self` is not an instance of the lesson's own class)
        self.special = False


EMPTY = LineInfo()  # what a line with no names of its own touches


def _add(items, name):
    if name not in items:
        items.append(name)


# Opcode classes, by opcode number: where the argument's name comes from.
_SKIP, _LOCAL, _LOCAL_PAIR, _NAME, _GLOBAL_LOAD, _STAR = 0, 1, 2, 3, 4, 5
_OPS = len(dis.opname)
_CLASS = [_SKIP] * _OPS
_STORES = [False] * _OPS  # stores or deletes (for a pair: the first name)
_PAIR_STORES_BOTH = [False] * _OPS
_CACHES = [0] * _OPS
for _op, _name in enumerate(dis.opname):
    _CACHES[_op] = dis._inline_cache_entries.get(_name, 0)
    if _name == "IMPORT_STAR":
        _CLASS[_op] = _STAR
    elif _name == "LOAD_GLOBAL":
        _CLASS[_op] = _GLOBAL_LOAD
    elif _name in _NAME_OPS and "DEREF" not in _name and _name not in ("LOAD_CLOSURE", "MAKE_CELL"):
        _CLASS[_op] = _NAME
    elif _name in _NAME_OPS or "_FAST" in _name:
        two = _name.count("FAST") == 2
        _CLASS[_op] = _LOCAL_PAIR if two else _LOCAL
        _PAIR_STORES_BOTH[_op] = _name == "STORE_FAST_STORE_FAST"
    _STORES[_op] = _name.startswith(("STORE", "DELETE"))
_EXTENDED_ARG = dis.opmap["EXTENDED_ARG"]
_COMPREHENSION = dis.opmap["LOAD_FAST_AND_CLEAR"]  # an inlined comprehension begins
_GLOBAL_STORE_OPS = frozenset(dis.opmap[n] for n in _GLOBAL_STORES)
_DEREF_STORE_OPS = frozenset(dis.opmap[n] for n in ("STORE_DEREF", "DELETE_DEREF"))
_ATTR_STORE_OPS = frozenset(dis.opmap[n] for n in ("STORE_ATTR", "DELETE_ATTR"))
# Attribute loads, and how far the name's index is shifted in their argument.
_ATTR_LOADS = {dis.opmap["LOAD_ATTR"]: 1, dis.opmap["LOAD_SUPER_ATTR"]: 2}


def _ops(*names):
    return [dis.opmap[n] for n in names if n in dis.opmap]


# A value no name of the line holds (what a call returned, an item read by subscript:
# `stack.pop()`, `grid[35]`, a `WeakValueDictionary`'s `wd["k"]`), changed at once
# (LineInfo.unnamed): the ops that make one, the loads that may stand between it and its
# use (a key: how many entries each pushes), and the uses that may change it, by how many
# entries above it they find it (a method loaded from it is called).
_CALLS = frozenset(_ops("CALL", "CALL_KW", "CALL_FUNCTION_EX"))
_SUBSCRIPTS = frozenset(_ops("BINARY_SUBSCR"))
_PUSHES = dict.fromkeys(_ops("LOAD_CONST", "LOAD_SMALL_INT", "LOAD_FAST", "LOAD_FAST_BORROW",
                             "LOAD_FAST_CHECK", "LOAD_DEREF", "LOAD_NAME"), 1)
_PUSHES.update(dict.fromkeys(_ops("LOAD_FAST_LOAD_FAST", "LOAD_FAST_BORROW_LOAD_FAST_BORROW"), 2))
_USES = dict.fromkeys(_ops("STORE_ATTR", "DELETE_ATTR"), 0)
_USES.update(dict.fromkeys(_ops("STORE_SUBSCR", "DELETE_SUBSCR"), 1))
_USES.update(dict.fromkeys(_ops("STORE_SLICE"), 2))
_LOAD_ATTR = dis.opmap["LOAD_ATTR"]
_BINARY_OP = dis.opmap["BINARY_OP"]
_NB_SUBSCR = next((i for i, (_, sym) in enumerate(dis._nb_ops) if sym == "[]"), -1)
_LOAD_GLOBAL = dis.opmap["LOAD_GLOBAL"]
_COPY = dis.opmap["COPY"]


def line_table(code):
    """``{line: LineInfo}`` for one code object (not its nested code objects), read from
    the raw bytecode (``dis.get_instructions`` is far too slow for a 5,000-line module)."""
    table = {}
    raw = code.co_code
    names = code.co_names
    local = {}
    freevars = code.co_freevars

    def local_name(i):
        name = local.get(i)
        if name is None:
            name = local[i] = code._varname_from_oparg(i)
        return name

    unheld = -1  # entries pushed since a value no name holds (-1: none on top)
    # The same for a value read as an attribute of a name (`name.attr...`), and that name
    base = None  # the last name loaded, while it is on top of the stack
    via = -1
    chain = None
    unlined = []  # (name, global): stored or deleted by an instruction with no line
    for start, end, line in code.co_lines():
        if line is None:
            _unlined_stores(raw, names, start, end, unlined)
            continue
        info = table.get(line)
        if info is None:
            info = table[line] = LineInfo()
        i = start
        ext = 0
        while i < end:
            op = raw[i]
            arg = raw[i + 1] | ext
            i += 2 + 2 * _CACHES[op]
            if op == _EXTENDED_ARG:
                ext = arg << 8
                continue
            ext = 0
            if op == _COMPREHENSION:
                # An inlined comprehension's variable is hidden from the frame's names: what
                # the line changes through it (`[v.append(0) for v in d.values()]`) is found
                # by looking at every object the stack holds, as after an unnamed change.
                info.unnamed = True
            if via >= 0 or (base is not None and op == _LOAD_ATTR):
                via, chain = _follow_chain(info, op, arg, via, chain if via >= 0 else base)
            if op != _COPY or arg != 1:  # (`C.items += [1]` copies the name's value first)
                base = None
            if op in _CALLS or op in _SUBSCRIPTS or (op == _BINARY_OP and arg == _NB_SUBSCR):
                unheld = 0  # (an item of an unheld value is unheld too)
            elif unheld >= 0:
                pushed = _PUSHES.get(op)
                if pushed is None and op == _LOAD_GLOBAL:
                    pushed = 1 + (arg & 1)
                if pushed is not None:
                    unheld += pushed
                elif op == _LOAD_ATTR and unheld == 0:
                    if arg & 1:  # a method of it, to be called
                        info.unnamed = True
                        unheld = -1
                    # else an attribute of it: unheld too
                else:
                    if _USES.get(op, -1) == unheld:
                        info.unnamed = True
                    unheld = -1
            kind = _CLASS[op]
            if kind == _SKIP:
                if op in _ATTR_STORE_OPS:
                    info.attr_store = True
                    if names[arg] == _CELL_CONTENTS:
                        info.frame_locals = True
                elif op in _ATTR_LOADS:
                    _note_reach(info, names[arg >> _ATTR_LOADS[op]])
                continue
            if kind == _STAR:
                info.rescan = True
                continue
            store = _STORES[op]
            if kind == _LOCAL_PAIR:
                first = local_name(arg >> 4)
                second = local_name(arg & 15)
                _note(info, first, store, False)
                _note(info, second, _PAIR_STORES_BOTH[op], False)
                _add(info.local_names, first)
                _add(info.local_names, second)
                base = None if _PAIR_STORES_BOTH[op] else second  # (the second is loaded)
                continue
            if kind == _LOCAL:
                name = local_name(arg)
                if op in _DEREF_STORE_OPS and name in freevars:
                    info.outer_stores = True
                _add(info.local_names, name)
            else:
                name = names[arg >> 1] if kind == _GLOBAL_LOAD else names[arg]
                _add(info.global_names, name)
            _note(info, name, store, op in _GLOBAL_STORE_OPS)
            base = None if store else name
    for name, is_global in unlined:  # any line may end there: it stores them all
        for info in table.values():
            _note(info, name, True, is_global)
    for info in table.values():
        info.special = bool(info.global_stores or info.rescan or info.outer_stores or info.reach
                            or info.unnamed or info.frame_locals)
    return table


def _follow_chain(info, op, arg, via, name):
    """One instruction after an attribute read from `name` (`via`: entries pushed on top of
    the value read, -1 before the first read): the new `(via, name)`. A use that may change
    the value (a method of it called, an item or attribute of it set or deleted) puts `name`
    in `info.chains`."""
    if op == _LOAD_ATTR:
        if via > 0:  # an attribute of something pushed since (a method's load pushes two)
            return via + (arg & 1), name
        if arg & 1:  # a method of it, to be called
            if via == 0:
                _add(info.chains, name)
            return -1, None
        return 0, name  # the first read (`name.attr`), or one more (`name.a.b`)
    if via >= 0:
        pushed = _PUSHES.get(op)
        if pushed is None and op == _LOAD_GLOBAL:
            pushed = 1 + (arg & 1)
        if pushed is not None:
            return via + pushed, name
        if _USES.get(op, -1) == via:
            _add(info.chains, name)
    return -1, None


_UNLINED_STORES = {dis.opmap[n]: n.endswith("GLOBAL") for n in
                   ("STORE_NAME", "DELETE_NAME", "STORE_GLOBAL", "DELETE_GLOBAL")}


def _unlined_stores(raw, names, start, end, out):
    """Add to `out` what the bytecode from `start` to `end` (no line: an ``except ... as e``
    block's ``e = None; del e``, after whichever line ran last) stores in a namespace."""
    i, ext = start, 0
    while i < end:
        op, arg = raw[i], raw[i + 1] | ext
        i += 2 + 2 * _CACHES[op]
        ext = arg << 8 if op == _EXTENDED_ARG else 0
        if op in _UNLINED_STORES and (names[arg], _UNLINED_STORES[op]) not in out:
            out.append((names[arg], _UNLINED_STORES[op]))


def _note(info, name, store, global_store):
    _add(info.names, name)
    if global_store:
        _add(info.global_stores, name)
    elif store:
        _add(info.stores, name)
    if name in _RESCAN_NAMES:
        info.rescan = True
        if name in _RUNS_CODE:
            info.unnamed = True
        elif name in _REBINDS_ANY:
            info.frame_locals = True
    else:
        _note_reach(info, name)


def _note_reach(info, name):
    if name in _REACH_NAMES:
        info.reach = True
        info.frame_locals = info.frame_locals or name == _FRAME_LOCALS


class Lines:
    """`LineInfo` per (code object, line), built on first use of each code object."""

    def __init__(self):
        self.tables = {}

    def table_of(self, code):
        """``{line: LineInfo}`` of `code` (a line not in it touches nothing: `EMPTY`)."""
        # By id: hashing a code object hashes its bytecode and constants. The recorder
        # keeps every lesson code object alive, so ids are not reused.
        table = self.tables.get(id(code))
        if table is None:
            table = self.tables[id(code)] = line_table(code)
        return table
