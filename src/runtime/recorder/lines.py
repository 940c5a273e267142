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
_GLOBAL_STORES = frozenset(["STORE_GLOBAL", "DELETE_GLOBAL"])
_NAME_OPS = frozenset([
    "LOAD_NAME", "STORE_NAME", "DELETE_NAME", "LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL",
    "LOAD_DEREF", "STORE_DEREF", "DELETE_DEREF", "LOAD_CLOSURE", "LOAD_FROM_DICT_OR_DEREF",
    "LOAD_FROM_DICT_OR_GLOBALS", "MAKE_CELL",
])


class LineInfo:
    """The names one line touches."""

    __slots__ = ("names", "stores", "global_stores", "rescan", "outer_stores")

    def __init__(self):
        self.names = []  # every name loaded, stored or deleted, each once, in order
        self.stores = []  # names stored or deleted in the frame's own namespace
        self.global_stores = []  # names stored or deleted with `global`
        self.rescan = False  # see _RESCAN_NAMES; also `from m import *`
        self.outer_stores = False  # stores a free variable (`nonlocal`): an outer frame's


_EMPTY = LineInfo()


def _add(items, name):
    if name not in items:
        items.append(name)


def line_table(code):
    """``{line: LineInfo}`` for one code object (not its nested code objects)."""
    table = {}
    line = code.co_firstlineno
    for ins in dis.get_instructions(code):
        pos = ins.positions
        if pos is not None and pos.lineno is not None:
            line = pos.lineno
        op = ins.opname
        info = table.get(line)
        if info is None:
            info = table[line] = LineInfo()
        if op == "IMPORT_STAR":
            info.rescan = True
            continue
        if not (op in _NAME_OPS or "_FAST" in op):
            continue
        argval = ins.argval
        names = argval if isinstance(argval, tuple) else (argval,)
        for name in names:
            if not isinstance(name, str):
                continue
            _add(info.names, name)
            if op in ("STORE_DEREF", "DELETE_DEREF") and name in code.co_freevars:
                info.outer_stores = True
            if op in _GLOBAL_STORES:
                _add(info.global_stores, name)
            elif op.startswith(("STORE", "DELETE")):
                _add(info.stores, name)
            if name in _RESCAN_NAMES:
                info.rescan = True
    return table


class Lines:
    """`LineInfo` per (code object, line), built on first use of each code object."""

    def __init__(self):
        self.tables = {}

    def info(self, code, line):
        table = self.tables.get(code)
        if table is None:
            table = self.tables[code] = line_table(code)
        return table.get(line, _EMPTY)
