"""The value table: each distinct rendering interned once, referred to by index, with a
small stable object id for every non-atomic object so that aliasing and copies show."""

import types
from itertools import islice
from operator import is_

from . import config
from .config import ATOM_TYPES, MAX_CHILDREN, MAX_DEPTH, MAX_VALUES, STOP
from .render import head, size_of, text

_BY_VALUE_MAX_STR = 200  # longer strings are rendered, not kept alive as keys
_BY_VALUE_MAX_INT = 1 << 64
FLAT_CONTAINERS = frozenset([list, tuple, dict, set, frozenset])
_INDEX_LABELS = tuple(str(i) for i in range(MAX_CHILDREN))
_SET_LABELS = ("",) * MAX_CHILDREN


class Values:
    """Interning table of rendered values with stable small object ids."""

    def __init__(self):
        self.table = []
        self.index = {}
        self.object_ids = {}
        self.keep_alive = []  # object ids stay unique only while objects live
        self.overflow = False
        self.work = 0  # values rendered so far (see config.WORK_PER_CLOCK_CHECK)
        self.ints = {}  # int -> value index (see encode)
        self.strs = {}  # str -> value index
        # id(container) -> (container, len, shown items or keys, shown values, index)
        self.flat = {}
        self.fast = config.FAST_PATHS

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

    def encode(self, obj, depth=0, path=None):
        """Return the value-table index of obj's rendering (children to MAX_DEPTH)."""
        self.work += 1
        tp = type(obj)
        if not self.fast:
            return self._encode(obj, tp, depth, path)
        if tp is int:
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
                idx = self._intern(("str", text(obj), 0, (), 0))
                if len(self.strs) < MAX_VALUES:
                    self.strs[obj] = idx
                return idx
        elif depth == 0 and tp in FLAT_CONTAINERS:
            entry = self.flat.get(id(obj))
            if entry is not None and flat_unchanged(obj, entry):
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
        render.text shows for it (unless the table is full: then the general path)."""
        oid = self.object_id(obj)
        encode = self.encode
        table = self.table
        if tp is dict:
            n = len(items) >> 1
            pairs = zip(items[:n], items[n:], strict=True)
            children = tuple((text(k), encode(v, 1)) for k, v in pairs)
        else:
            labels = _INDEX_LABELS if tp is list or tp is tuple else _SET_LABELS
            children = tuple(zip(labels, [encode(v, 1) for v in items], strict=False))
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
            out = "[" + body + "]"
        elif tp is dict:
            out = "{" + body + "}"
        elif tp is tuple:
            out = "(" + body + ("," if size == 1 else "") + ")"
        elif not size:
            out = f"{tp.__name__}()"
        else:
            out = "{" + body + "}" if tp is set else f"{tp.__name__}({{{body}}})"
        if len(out) > 160:
            out = out[:159] + "…"
        return self._intern((tp.__qualname__, out, oid, children, size))

    def _encode(self, obj, tp, depth, path):
        tname = tp.__qualname__
        if tp in ATOM_TYPES:
            return self._intern((tname, text(obj), 0, (), 0))
        oid = self.object_id(obj)
        if path is not None and oid in path:
            return self._intern((tname, f"<cycle: #{oid}>", oid, (), 0))
        children = ()
        total = 0
        if depth < MAX_DEPTH:
            items, total = _children(obj)
            if items is not None:
                sub = (path or frozenset()) | {oid}
                children = tuple(
                    (k, self.encode(v, depth + 1, sub)) for k, v in items[:MAX_CHILDREN]
                )
        return self._intern((tname, text(obj), oid, children, total))


def _children(obj):
    """``(items, total)``: up to MAX_CHILDREN + 1 labelled children and how many
    there are in all; ``(None, 0)`` for values shown without children."""
    try:
        if isinstance(obj, dict):
            items = [(text(k), v) for k, v in head(obj, MAX_CHILDREN + 1)]
            return items, size_of(obj)
        if isinstance(obj, (list, tuple)):
            return [(str(i), v) for i, v in enumerate(head(obj, MAX_CHILDREN + 1))], size_of(obj)
        if isinstance(obj, (set, frozenset)):
            return [("", v) for v in head(obj, MAX_CHILDREN + 1)], size_of(obj)
        if isinstance(obj, BaseException):
            items = [(f"args[{i}]", v) for i, v in enumerate(obj.args)]
            return items, len(items)
        if isinstance(obj, (types.FunctionType, type, types.ModuleType)):
            return None, 0
        attrs = getattr(obj, "__dict__", None)
        if isinstance(attrs, dict):
            items = list(head(attrs, MAX_CHILDREN + 1))
            return items, len(attrs)
    except STOP:
        raise
    except BaseException:
        return None, 0
    return None, 0


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


def flat_unchanged(obj, entry):
    """Whether a container still shows the atoms it showed when `entry` was made: the
    same length and, by identity, the same first MAX_CHILDREN items (keys and values)."""
    return (
        entry[0] is obj
        and entry[1] == len(obj)
        and all(map(is_, obj, entry[2]))  # noqa: B912 (a prefix, by design)
        and (entry[3] is None or all(map(is_, obj.values(), entry[3])))  # noqa: B912
    )
