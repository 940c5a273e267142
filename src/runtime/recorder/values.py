"""The value table and the objects' contents over time. Every distinct rendering is
interned once and referred to by index. An *atom* (None, bool, number, str, bytes) is a
node ``(type, text, 0, (), 0)``; any other object gets a stable id on first sight and is
recorded *shallowly*: ``(type, text, id, children, size, kind)`` with ``(label, ref)``
children, a ref being an atom's index (>= 0) or ``-(id + 1)`` for an object (<= -2). A
nested object is its own node: a change inside it is recorded once, on it, and every name
that holds it shows it. Containers and instances have an empty ``text`` (the reader
composes it from the children at the step it shows)."""

import gc
import types
from itertools import islice

from .config import ATOM_TYPES, MAX_CHILDREN, MAX_REACH_DEPTH, MAX_VALUES, STOP
from .dependents import Dependents
from .escapes import watch
from .kinds import _FIXED_TYPES, _SELF, InstanceReader, _kind_of, by_type, iterated
from .letgo import NEVER, dropped
from .lifetimes import hold
from .render import _VIEWS, SHOWN, head, size_of, text, type_name, type_qualname
from .snapshots import fixed, grown, unchanged

_BY_VALUE_MAX_STR = 200  # longer strings are rendered, not kept alive as keys
_BY_VALUE_INTS, _EXACT_INTS = (-(1 << 64), 1 << 64), (-(1 << 53), 1 << 53)  # new_int
_INDEX_LABELS = tuple(str(i) for i in range(MAX_CHILDREN))
_SET_LABELS = ("",) * MAX_CHILDREN
_FULL = ("…", "value table full", 0, (), 0)  # every new value, once the table is full


def _same_holder(obj, snap):
    """An instance still has its snapshot's `__dict__` (`snap[0]`) and class (`snap[5]`)."""
    return type(obj) is snap[5] and snap[6].__get__(obj, snap[5]) is snap[0]

class Values(InstanceReader, Dependents):
    """Interning table of nodes, object ids, and what each object looked like when last seen."""

    def __init__(self, namespaces=None):
        """`namespaces`: the recorder's namespaces by id (`Recorder.scopes`), never changed."""
        self.table, self.index, self.object_ids = [], {}, {}
        # ids never pass to another object (lifetimes.py); object `oid` is held at `oid - 1`
        self.next_oid, self.keep_alive = 1, []
        self.pinned, self.pinned_heap, self.pinned_due = {}, [], NEVER  # (letgo.py)
        self.celled = set()  # oids of pinned objects a closure's cell may hold (cells.py)
        self.pending = set()  # oids of the futures drawn while pending (futures.py)
        self.gone_frames = []  # generators' frames, died suspended (lifetimes.watch_suspended)
        self.recorder = self.died_busy = self.weak_code = None  # (lifetimes.py, set by run)
        self.overflow = False
        self.full = None  # the index of _FULL, once the table is full
        self.work = 0  # objects looked at so far (see config.WORK_PER_CLOCK_CHECK)
        self.ints = {}  # int -> value index
        self.strs = {}  # str -> value index
        self.recorded = {}  # oid -> (node index, snapshot or None, the objects it reaches)
        # oid -> {id: object} of the objects whose text shows what it holds (a dict's
        # keys and views, an exception's args): looked at again when it changes
        self.dependents = {}  # (dependents.py)
        self.stale = set()  # ids to draw again, snapshot or not, in this reach (_again)
        # Caches by type (kinds.by_type: each entry is (what, type))
        self.user_classes = {}  # -> whether it is a lesson's class (user_class)
        self.lesson_modules = frozenset()  # the modules of the lesson's source files
        self.layouts = {}  # -> Values.layout(type)
        self.kinds = {}  # -> its objects' kind (_kind_of)
        self.plans = {}  # -> how its instances are shown (Values._plan)
        # Dicts whose contents something else shows: an instance's `__dict__` (id -> the
        # instance), and the run's namespaces. A change through the dict alone
        # (`d = a.__dict__; d["x"] = 1`, `g = globals(); g["n"] = 1`) is a change of the
        # instance, or of the namespace's bindings (`touched`, for the recorder to look at).
        self.owners = {}
        self.namespaces = {} if namespaces is None else namespaces
        self.touched = []
        self.watched = []  # functions drawn that may run untraced code (escapes.py)

    def release(self):
        """Let go of the run's objects (Stack.release): the table keeps their renderings."""
        for held in (self.keep_alive, self.recorded, self.owners, self.dependents, self.touched,
                     self.user_classes, self.layouts, self.kinds, self.plans, self.watched,
                     self.pinned, self.pinned_heap, self.pending, self.gone_frames,
                     self.celled):
            held.clear()
        self.pinned_due = NEVER
        self.namespaces = {}

    def object_id(self, obj):
        key = id(obj)
        oid = self.object_ids.get(key)
        if oid is None:
            oid = self.next_oid
            self.next_oid = oid + 1
            self.object_ids[key] = oid
            self.keep_alive.append(hold(self, obj, key, oid))
        return oid

    def _intern(self, node):
        idx = self.index.get(node)
        if idx is None:
            if len(self.table) >= MAX_VALUES:
                return self._full()
            idx = len(self.table)
            self.table.append(node)
            self.index[node] = idx
        return idx

    def _full(self):
        """The one node for every new value once the table is full (a "values" notice)."""
        self.overflow = True
        if self.full is None:
            self.full = len(self.table)
            self.table.append(_FULL)
        return self.full

    def atom(self, obj, tp):
        """The table index of an atom's node (ints and short strs looked up by value)."""
        if tp is int:
            return self.new_int(obj) if (idx := self.ints.get(obj)) is None else idx
        if tp is str:
            if (idx := self.strs.get(obj)) is not None:
                return idx
            if len(obj) <= _BY_VALUE_MAX_STR:
                idx = self._intern(("str", text(obj), 0, (), 0))
                if len(self.strs) < MAX_VALUES:
                    self.strs[obj] = idx
                return idx
        return self._intern((tp.__qualname__, text(obj), 0, (), 0))

    def new_int(self, obj):
        """The table index of an int not in `ints` yet (then looked up by value, to ±2**64):
        itself if JSON keeps it exact, else interned as its text (bounds negated once, above)."""
        lo, hi = _EXACT_INTS
        if lo < obj < hi:  # written as itself, so never in `index`
            if len(self.table) >= MAX_VALUES:
                return self._full()
            self.table.append(obj)
            idx = self.ints[obj] = len(self.table) - 1
            return idx
        idx = self._intern(("int", text(obj), 0, (), 0))  # or the full table's index
        lo, hi = _BY_VALUE_INTS
        if lo < obj < hi and idx != self.full:
            self.ints[obj] = idx
        return idx

    def ref(self, obj):
        """What a name or slot holding `obj` records: an atom's index or ``-(id + 1)``."""
        tp = type(obj)
        if tp is int or type(tp) is type and tp in ATOM_TYPES:  # (config.plain_types)
            return self.atom(obj, tp)
        return -self.object_id(obj) - 1

    def reach(self, roots, out):
        """Record every object reachable from `roots` (to MAX_REACH_DEPTH) whose node
        changed since it was last recorded, as ``(oid, node index)`` pairs in `out`.
        Iterative (a lesson may have lowered the recursion limit); each object once."""
        seen, stale = set(), self.stale
        stack = [(obj, 0) for obj in roots]
        recorded = self.recorded
        table = self.table
        object_ids = self.object_ids
        full = self.full
        while stack:
            obj, depth = stack.pop()
            key = id(obj)
            if key in seen:
                continue
            seen.add(key)
            self.work += 1
            oid = object_ids.get(key) or self.object_id(obj)  # (ids start at 1)
            prev = recorded.get(oid)
            snap = prev[1] if prev is not None else None
            if stale and key in stale:
                stale.discard(key)
                snap = None
            elif snap is not None and len(snap) > 6 and not _same_holder(obj, snap):
                snap = None  # an instance whose __dict__ or class was replaced: drawn again
            if prev is not None and prev[0] == full:
                # Recorded as the full table's node: so would be anything it holds now.
                reached = prev[2]
            elif snap is not None and unchanged(obj, snap):
                reached = prev[2]
            elif snap is not None and grown(obj, snap) and len(table[prev[0]]) > 5:
                # Only the size changed, past the items shown: a small node that keeps
                # the previous one's children (the 7th field names the node that has them).
                old = table[prev[0]]
                size = len(snap[0])
                base = old[6] if len(old) > 6 else prev[0]
                idx = self._append((old[0], "", oid, (), size, old[5], base))
                out.append((oid, idx))
                recorded[oid] = (idx, (*snap[:2], size, *snap[3:]), prev[2])
                reached = prev[2]
                if key in self.owners or key in self.namespaces:
                    self._shown_by(obj, key, depth, stack)
            else:
                node, snap, reached = self._shallow(obj, oid)
                if prev is None or table[prev[0]] != node:
                    idx = self._append(node)
                    out.append((oid, idx))
                    recorded[oid] = (idx, snap, reached)
                    if prev is not None and self.pinned:
                        dropped(self, prev[2], reached)  # (they may be free now)
                    if oid in self.dependents:
                        self._again(oid, seen, stale, depth, stack)
                    if snap is not None and len(snap) == 6 and prev is not None \
                            and table[prev[0]][1] != node[1]:  # a lesson class renamed
                        self._renamed(obj, seen, stale, depth, stack)
                    if key in self.owners or key in self.namespaces:
                        self._shown_by(obj, key, depth, stack)
                else:
                    recorded[oid] = (prev[0], snap, reached)
            if depth < MAX_REACH_DEPTH:
                for child in reached:
                    tp = type(child)
                    if (tp is not int and (type(tp) is not type or tp not in ATOM_TYPES)
                            and id(child) not in seen):
                        stack.append((child, depth + 1))

    def _append(self, node):
        """Add an object's new state (states are not shared between objects: no hashing)."""
        if len(self.table) >= MAX_VALUES:
            return self._full()
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
            labels, reached = self._key_labels(obj, keys, vals)  # (dependents.py)
            children = tuple(zip(labels, self._refs(vals), strict=True))
            node = ("dict", "", oid, children, size, "dict")
            return node, (obj, len(keys), size, keys, vals), reached
        # Rendering its text also lists the objects the text shows (render.SHOWN).
        SHOWN[0] = shown = []
        try:
            node, snap, reached = self._shallow_any(obj, oid, tp)
        finally:
            SHOWN[0] = None
        if node[1] and snap is None:  # a text that may show what other objects hold
            if type(tp) is type and tp in _VIEWS:  # it shows the dict's items, not the dict
                shown.extend(gc.get_referents(obj))
            self._depends(obj, shown)
        return node, snap, reached

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

    def _kind(self, tp, obj):
        return _kind_of(obj, tp, self.layout(tp))

    def _shallow_any(self, obj, oid, tp):
        """`_shallow` for any object (`tp`: its type). Runs no lesson code (render.py)."""
        kind = by_type(self.kinds, tp, self._kind, obj)  # it depends on the type only
        tname = type_qualname(tp)
        ref = self.ref
        try:
            if kind == "dict":
                pairs = head(obj, MAX_CHILDREN)
                keys = tuple(k for k, _ in pairs)
                vals = tuple(v for _, v in pairs)
                labels, reached = self._key_labels(obj, keys, vals)
                children = tuple(zip(labels, map(ref, vals), strict=True))
                snap = (obj, len(pairs), size_of(obj), keys, vals) if tp is dict else None
                return (tname, "", oid, children, size_of(obj), kind), snap, reached
            if kind in ("list", "tuple", "set"):
                items = tuple(head(obj, MAX_CHILDREN))
                labels = _SET_LABELS if kind == "set" else _INDEX_LABELS
                children = tuple(zip(labels, map(ref, items), strict=False))
                exact = tp is list or tp is tuple or tp is set or tp is frozenset
                snap = (obj, len(items), size_of(obj), items, None) if exact else None
                return (tname, "", oid, children, size_of(obj), kind), snap, items
            if issubclass(tp, type):
                return self._class(obj, oid, tp, tname)
            plain = type(tp) is type
            if kind == "function" or plain and tp in _FIXED_TYPES:
                watch(obj, tp, kind, self)
                reached = ()
                get_self = _SELF.get(tp) if plain else None
                if get_self is not None:
                    owner = get_self(obj)
                    if owner is not None and type(owner) is not types.ModuleType:
                        reached = (owner,)
                snap = fixed(obj, tp)
                return (tname, text(obj), oid, (), 0, kind), snap, reached
            if kind == "instance":
                return self._instance(obj, oid, tp, tname)
        except STOP:
            raise
        except BaseException as exc:  # a broken container subclass
            return (tname, f"<{tname}: {type_name(type(exc))}>", oid, (), 0, "other"), None, ()
        return (tname, text(obj), oid, (), 0, "other"), None, iterated(obj, tp)
