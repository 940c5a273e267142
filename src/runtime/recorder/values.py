"""The value table and the objects' contents over time.

Every distinct rendering is interned once in one table and referred to by index. An
*atom* (None, bool, number, str, bytes) is a node ``(type, text, 0, (), 0)``. Every other
object gets a small stable object id on first sight and is recorded *shallowly*: its node
``(type, text, id, children, size, kind)`` holds ``(label, ref)`` children, where a ref is
an atom's table index (>= 0) or ``-(id + 1)`` for an object (<= -2). A nested object is
its own node, so a change inside it is recorded once, on it, and every container and name
that holds it shows the change. Containers and instances have an empty ``text``: the
reader composes it from the children at the step it shows.
"""

import types
from itertools import islice
from operator import is_

from .config import ATOM_TYPES, MAX_CHILDREN, MAX_REACH_DEPTH, MAX_VALUES, STOP
from .render import CONTAINERS, head, size_of, text

_BY_VALUE_MAX_STR = 200  # longer strings are rendered, not kept alive as keys
_BY_VALUE_MAX_INT = 1 << 64
_INDEX_LABELS = tuple(str(i) for i in range(MAX_CHILDREN))
_SET_LABELS = ("",) * MAX_CHILDREN
_FUNCTION_TYPES = (types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                   types.BuiltinMethodType, types.MethodWrapperType)
# Objects whose node never changes once recorded (their reach may: a method's __self__).
_FIXED_TYPES = frozenset([*_FUNCTION_TYPES, type, types.ModuleType, range])
_KIND = {dict: "dict", list: "list", tuple: "tuple", set: "set", frozenset: "set"}


def _kind_of(obj, tp):
    kind = _KIND.get(tp)
    if kind is not None:
        return kind
    for base in CONTAINERS:
        if isinstance(obj, base):
            return _KIND[base]
    if isinstance(obj, _FUNCTION_TYPES):
        return "function"
    if isinstance(obj, (type, types.ModuleType)):
        return "other"
    if isinstance(obj, BaseException):
        return "instance"
    attrs = getattr(obj, "__dict__", None)
    return "instance" if isinstance(attrs, dict) else "other"


class Values:
    """Interning table of nodes, object ids, and what each object looked like when it was
    last recorded."""

    def __init__(self):
        self.table = []
        self.index = {}
        self.object_ids = {}
        self.keep_alive = []  # object ids stay unique only while objects live
        self.overflow = False
        self.work = 0  # objects looked at so far (see config.WORK_PER_CLOCK_CHECK)
        self.ints = {}  # int -> value index
        self.strs = {}  # str -> value index
        # oid -> (node index, snapshot or None, the objects it reaches)
        self.recorded = {}

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
                node = ("…", "value table full", 0, (), 0)
                idx = self.index.get(node)
                if idx is not None:
                    return idx
            idx = len(self.table)
            self.table.append(node)
            self.index[node] = idx
        return idx

    def atom(self, obj, tp):
        """The table index of an atom's node (ints and short strs looked up by value)."""
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
                idx = self._intern(("str", text(obj), 0, (), 0))
                if len(self.strs) < MAX_VALUES:
                    self.strs[obj] = idx
                return idx
        return self._intern((tp.__qualname__, text(obj), 0, (), 0))

    def ref(self, obj):
        """What a name or slot holding `obj` records: an atom's index or ``-(id + 1)``."""
        tp = type(obj)
        if tp in ATOM_TYPES:
            return self.atom(obj, tp)
        return -self.object_id(obj) - 1

    def reach(self, roots, out):
        """Record every object reachable from `roots` (to MAX_REACH_DEPTH) whose node
        changed since it was last recorded, as ``(oid, node index)`` pairs in `out`.
        Iterative (a lesson may have lowered the recursion limit); each object once."""
        seen = set()
        stack = [(obj, 0) for obj in roots]
        recorded = self.recorded
        table = self.table
        while stack:
            obj, depth = stack.pop()
            key = id(obj)
            if key in seen:
                continue
            seen.add(key)
            self.work += 1
            oid = self.object_id(obj)
            prev = recorded.get(oid)
            snap = prev[1] if prev is not None else None
            if snap is not None and _unchanged(obj, snap):
                reached = prev[2]
            elif snap is not None and _grown(obj, snap) and len(table[prev[0]]) > 5:
                # Only the size changed, past the items shown: a small node that keeps
                # the previous one's children (the 7th field names the node that has them).
                base = prev[0]
                old = table[base]
                size = len(snap[0])
                base = old[6] if len(old) > 6 else base
                idx = self._append((old[0], "", oid, (), size, old[5], base))
                out.append((oid, idx))
                recorded[oid] = (idx, (snap[0], snap[1], size, snap[3], snap[4]), prev[2])
                reached = prev[2]
            else:
                node, snap, reached = self._shallow(obj, oid)
                if prev is None or table[prev[0]] != node:
                    idx = self._append(node)
                    out.append((oid, idx))
                    recorded[oid] = (idx, snap, reached)
                else:
                    recorded[oid] = (prev[0], snap, reached)
            if depth < MAX_REACH_DEPTH:
                for child in reached:
                    if type(child) not in ATOM_TYPES and id(child) not in seen:
                        stack.append((child, depth + 1))

    def _append(self, node):
        """Add an object's new state (states are not shared between objects: no hashing)."""
        if len(self.table) >= MAX_VALUES:
            self.overflow = True
            return self._intern(("…", "value table full", 0, (), 0))
        self.table.append(node)
        return len(self.table) - 1

    def _shallow(self, obj, oid):
        """``(node, snapshot, reached)``: the object's node now, what tells cheaply that it
        is unchanged (None: look again every time), and the objects it holds."""
        tp = type(obj)
        # Exact lists and dicts, the objects that change most, without the lookups a
        # subclass needs: the same node, snapshot and reach as `_shallow_any` (tested).
        if tp is list:
            items = tuple(obj[:MAX_CHILDREN])
            size = len(obj)
            children = tuple(zip(_INDEX_LABELS, self._refs(items), strict=False))
            node = ("list", "", oid, children, size, "list")
            return node, (obj, len(items), size, items, None), items
        if tp is dict:
            size = len(obj)
            if size <= MAX_CHILDREN:
                keys = tuple(obj)
                vals = tuple(obj.values())
            else:
                keys = tuple(islice(obj, MAX_CHILDREN))
                vals = tuple(islice(obj.values(), MAX_CHILDREN))
            children = tuple(zip(map(text, keys), self._refs(vals), strict=True))
            node = ("dict", "", oid, children, size, "dict")
            return node, (obj, len(keys), size, keys, vals), vals
        return self._shallow_any(obj, oid, tp)

    def _refs(self, items):
        """`ref` of each of `items`, ints already in the table looked up in place."""
        ints = self.ints
        out = []
        for v in items:
            if type(v) is int:
                i = ints.get(v)
                if i is not None:
                    out.append(i)
                    continue
            out.append(self.ref(v))
        return out

    def _shallow_any(self, obj, oid, tp):
        """`_shallow` for any object (`tp`: its type)."""
        kind = _kind_of(obj, tp)
        tname = tp.__qualname__
        ref = self.ref
        try:
            if kind == "dict":
                pairs = head(obj, MAX_CHILDREN)
                keys = tuple(k for k, _ in pairs)
                vals = tuple(v for _, v in pairs)
                children = tuple((text(k), ref(v)) for k, v in pairs)
                snap = (obj, len(pairs), size_of(obj), keys, vals) if tp is dict else None
                return (tname, "", oid, children, size_of(obj), kind), snap, vals
            if kind in ("list", "tuple", "set"):
                items = tuple(head(obj, MAX_CHILDREN))
                labels = _SET_LABELS if kind == "set" else _INDEX_LABELS
                children = tuple(zip(labels, map(ref, items), strict=False))
                exact = tp is list or tp is tuple or tp is set or tp is frozenset
                snap = (obj, len(items), size_of(obj), items, None) if exact else None
                return (tname, "", oid, children, size_of(obj), kind), snap, items
            if kind == "function" or tp in _FIXED_TYPES:
                reached = ()
                owner = getattr(obj, "__self__", None)
                if owner is not None and not isinstance(owner, types.ModuleType):
                    reached = (owner,)
                return (tname, text(obj), oid, (), 0, kind), _FIXED, reached
            if isinstance(obj, BaseException):
                args = tuple(obj.args)[:MAX_CHILDREN]
                children = tuple((f"args[{i}]", ref(v)) for i, v in enumerate(args))
                return (tname, text(obj), oid, children, len(obj.args), kind), None, args
            attrs = getattr(obj, "__dict__", None)
            if isinstance(attrs, dict):
                pairs = head(attrs, MAX_CHILDREN)
                keys = tuple(k for k, _ in pairs)
                vals = tuple(v for _, v in pairs)
                children = tuple((str(k), ref(v)) for k, v in pairs)
                snap = (attrs, len(pairs), len(attrs), keys, vals)
                return (tname, "", oid, children, len(attrs), kind), snap, vals
        except STOP:
            raise
        except BaseException as exc:  # a broken container subclass
            return (tname, f"<{tname}: {type(exc).__name__}>", oid, (), 0, "other"), None, ()
        return (tname, text(obj), oid, (), 0, "other"), None, ()


_FIXED = ("fixed",)


def _grown(obj, snap):
    """Whether only the size of an exact container changed, past its shown items: it
    showed MAX_CHILDREN items before and still shows the same ones (by identity)."""
    if snap is _FIXED or snap[1] < MAX_CHILDREN:
        return False
    target = snap[0]
    if len(target) < MAX_CHILDREN:
        return False
    if snap[4] is None:
        return all(map(is_, target, snap[3]))  # noqa: B912 (a prefix, by design)
    return all(map(is_, target, snap[3])) and all(map(is_, target.values(), snap[4]))  # noqa: B912


def _unchanged(obj, snap):
    """Whether `obj`'s node is the one recorded with `snap`: the same size and, by
    identity, the same shown keys and items (a dict's values, a list's items, ...)."""
    if snap is None:
        return False
    if snap is _FIXED:
        return True
    target = snap[0]
    if len(target) != snap[2]:
        return False
    if snap[4] is None:  # list, tuple, set: the shown items
        return all(map(is_, target, snap[3]))  # noqa: B912 (a prefix, by design)
    # a dict or an instance's __dict__: keys and values
    return all(map(is_, target, snap[3])) and all(map(is_, target.values(), snap[4]))  # noqa: B912
