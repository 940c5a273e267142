"""What an event looks at (the hot path's half that events.py calls): the name bindings
that changed, and the objects that changed, each recorded once whatever frame or name it
was changed through.

After a line ran, only what it can touch is looked at (lines.py): the names it loads,
stores and deletes, and the objects they reach (values.Values.reach). A call or a generator
resume also looks at the caller's line in progress (its arguments may have been built by
mutating something). `config.BRUTE_FORCE` looks at everything, for the tests of the two.

A delta is three ints ``(target, name, value)``: a binding of `name` in the scope of
frame `target` (`value` a ref, or -1 for deleted), or, when `target` < 0, the new node
`value` of object ``-target`` (`name` is -1).
"""

from .comprehensions import outside_comprehensions
from .config import ATOM_TYPES, is_object
from .frames import in_signature_order
from .letgo import again
from .lifetimes import living
from .lines import EMPTY
from .modules import MODULE_TYPES

_MISSING = object()

# Namespaces are read through dict's own C methods, never a subclass's overrides.
_ns_get = dict.get
_ns_keys = dict.keys


def _hidden(name, obj):
    return name.startswith("__") or type(_t := type(obj)) is type and _t in MODULE_TYPES


def _bind(self, scope, name, obj, roots):
    """Record `name` bound to `obj` in `scope` (or deleted, for _MISSING)."""
    nid = self.name_index.get(name)
    if nid is None:
        nid = self.name_id(name)
    _bind_id(self, scope.fid, nid, obj, roots)


def _bind_id(self, fid, nid, obj, roots):
    """`_bind` with the name's index (`nid`) and the scope's frame id (`fid`). 1 if `obj`
    is an object (not an atom), else 0."""
    if obj is _MISSING:
        self.deltas.extend((fid, nid, -1))
        return 0
    tp = type(obj)
    if tp is int or type(tp) is type and tp in ATOM_TYPES:  # (config.plain_types)
        self.deltas.extend((fid, nid, self.values.atom(obj, tp)))
        return 0
    self.deltas.extend((fid, nid, -self.values.object_id(obj) - 1))
    roots.append(obj)
    return 1


def _diff_namespace(self, scope, names, roots):
    """Compare the bindings of `names` (None: every name) of a namespace with the record."""
    ns = scope.ns
    cache = scope.cache
    if names is None:
        names = [n for n in _ns_keys(ns) if not _hidden(n, _ns_get(ns, n))]
        # and those shown until now that are gone, or now hold a module (not shown)
        names += [n for n in cache if (v := _ns_get(ns, n, _MISSING)) is _MISSING or _hidden(n, v)]
    changed = False
    for name in names:
        obj = _ns_get(ns, name, _MISSING)
        if obj is not _MISSING and _hidden(name, obj):
            if name not in cache:
                continue
            obj = _MISSING  # shown until now, rebound to a module (`import json`): not shown
        prev = cache.get(name, _MISSING)
        if prev is obj:
            continue
        if obj is _MISSING:
            del cache[name]
            _unbound(self, prev, roots)
        else:
            cache[name] = obj
            if self.values.pinned and prev is not _MISSING and is_object(prev):
                again(self.values, prev)  # (rebound: letgo.py)
        _bind(self, scope, name, obj, roots)
        changed = True
    if changed and id(ns) in self.values.object_ids:
        roots.append(ns)  # the namespace is shown as a dict too (`g = globals()`)


def _unbound(self, obj, roots):
    """A name let go of `obj` since the frame's previous event, maybe on the line that last
    changed it through that name (an `except E as e:` block's last line, before the
    clean-up unbinds `e`): it is looked at once more, for any other name that shows it (and
    an object the recorder holds strongly may be free now: letgo.py)."""
    if is_object(obj):
        roots.append(obj)
        if self.values.pinned:
            again(self.values, obj)


def diff_locals(self, st, roots):
    """Compare a function frame's bindings with the record (identity only: what an object
    holds is recorded on the object)."""
    scope = st.scope
    frame = st.frame
    loc = st.loc
    keys = loc.keys()
    vals = loc.values()
    if st.comprehensions:
        keys, vals = outside_comprehensions(st, frame.f_lasti, keys, vals)
    if keys == scope.keys:
        prev = scope.vals
        nids = scope.nids
        held = scope.held
        watched = self.values.pinned  # (a name rebound may free one: letgo.py)
        p = -1
        for obj in vals:
            p += 1
            if obj is not prev[p]:
                tp = type(prev[p])
                if tp is not int and (type(tp) is not type or tp not in ATOM_TYPES):
                    held -= 1
                    if watched:
                        again(self.values, prev[p])
                if type(obj) is int:  # the commonest change: _bind_id's atom, in fewer steps
                    idx = self.values.ints.get(obj)
                    if idx is None:
                        idx = self.values.new_int(obj)
                    self.deltas.extend((scope.fid, nids[p], idx))
                else:
                    held += _bind_id(self, scope.fid, nids[p], obj, roots)
        scope.held = held
    else:
        old = dict(zip(scope.keys, scope.vals, strict=True)) if scope.keys else {}
        if st.args is None:  # (the first look: at the call, only the arguments are bound)
            st.args = tuple(map(id, vals))
        # The first bindings of a frame name its parameters in the signature's order.
        pairs = zip(keys, vals, strict=True) if old else in_signature_order(st.code, keys, vals)
        for name, obj in pairs:
            before = old.get(name, _MISSING)
            if before is not obj:
                _bind(self, scope, name, obj, roots)
                if before is not _MISSING and self.values.pinned:
                    again(self.values, before)
        present = set(keys)
        for name in old:
            if name not in present:
                _bind(self, scope, name, _MISSING, roots)
                _unbound(self, old[name], roots)
        scope.pos = {name: i for i, name in enumerate(keys)}
        scope.held = sum(map(is_object, vals))
        index = self.name_index
        scope.nids = [index[name] if name in index else self.name_id(name) for name in keys]
    scope.keys = keys
    scope.vals = vals


def look(self, st, full, roots):
    """Record what the line `st`'s frame last ran may have changed (everything: `full`)."""
    frame = st.frame
    scope = st.scope
    if st.returned is not None:
        roots.extend(living(st.returned))
        st.returned = None
    info = st.lines.get(st.line, EMPTY) if st.line else None
    if scope.ns is None:
        diff_locals(self, st, roots)
    elif full or info is None or info.rescan or st.raised:
        st.raised = False
        _diff_namespace(self, scope, None, roots)
    elif scope.ns is frame.f_globals and info.global_stores:
        # Module level: a name some function declares `global` is stored with STORE_GLOBAL.
        _diff_namespace(self, scope, info.stores + info.global_stores, roots)
    elif info.stores:
        _diff_namespace(self, scope, info.stores, roots)
    if full:
        held = scope.vals if scope.ns is None else scope.cache.values()
        roots.extend(filter(is_object, held))
        return
    if info is None:
        return
    if info.special:
        _look_special(self, st, info, roots)
    if info.chains and through_unfollowed(self, st, info.chains):
        # an object read from a class's or a module's attributes, which are not followed
        # (`C.items.append(1)` while a frame holds `C.items`)
        stack_objects(self, roots)
    if info.names:
        if scope.ns is None:
            named_by_function(scope, info, frame.f_globals, roots)
        else:
            ns = scope.ns
            glob = frame.f_globals
            for name in info.names:
                obj = _ns_get(ns, name, _MISSING)
                if obj is _MISSING:
                    obj = glob.get(name)
                if (tp := type(obj)) is not int and (type(tp) is not type
                                                     or tp not in ATOM_TYPES):
                    roots.append(obj)
    # A line that sets an attribute and names a module (`m.x = 1`) may have rebound a global
    # of any namespace: the run's own modules say so (modules.py), not one a program made
    # with `types.ModuleType`. After the names: a module among them is what this looks for.
    if info.attr_store and any(type(_t := type(obj)) is type and _t in MODULE_TYPES
                               for obj in roots):
        all_namespaces(self, roots)


def named_by_function(scope, info, glob, roots):
    """Add to `roots` the objects a function frame's line named (its locals, then the globals
    `glob` holds): what it may have changed in them is looked at."""
    if scope.held:  # else every local is an atom: nothing of theirs to look at
        pos = scope.pos
        vals = scope.vals
        for name in info.local_names:
            i = pos.get(name)
            if i is not None and ((tp := type(vals[i])) is not int
                                  and (type(tp) is not type or tp not in ATOM_TYPES)):
                roots.append(vals[i])
    for name in info.global_names:
        obj = glob.get(name)
        if (tp := type(obj)) is not int and (type(tp) is not type or tp not in ATOM_TYPES):
            roots.append(obj)


def _look_special(self, st, info, roots):
    """The rare part of `look`, before the names it loads: a line that stores a global or
    a free variable, or may rebind names it does not name."""
    frame = st.frame
    if info.reach or info.rescan:  # any namespace (`setattr(m, "x", 2)`: any module)
        all_namespaces(self, roots)
    elif info.global_stores:
        glob = self.scopes.get(id(frame.f_globals))
        if glob is not None and glob is not st.scope and glob.ns is frame.f_globals:
            _diff_namespace(self, glob, info.global_stores, roots)
    if info.outer_stores or info.frame_locals:  # a frame's locals: a cell, `f_locals`
        other_frames(self, st, roots)
    if info.unnamed:  # it changed what a call returned (`stack.pop().append(9)`)
        stack_objects(self, roots)


def stack_objects(self, roots):
    """Add to `roots` every object the stack's frames hold (one identity check each when
    unchanged): after a line that may have changed an object none of its names reaches."""
    for fid in self.stack:
        other = self.frame_states.get(fid)
        if other is not None:
            scope = other.scope
            held = scope.vals if scope.ns is None else scope.cache.values()
            roots.extend(filter(is_object, held or ()))


def through_unfollowed(self, st, chains):
    """Whether one of the names `chains` (LineInfo.chains) holds an object whose attributes
    may be ones the recorder does not follow: a class's or a module's, or an instance's
    whose class is not the lesson's (what it reads may be a class attribute)."""
    scope = st.scope
    glob = st.frame.f_globals
    for name in chains:
        if scope.ns is None:
            i = scope.pos.get(name) if scope.pos else None
            obj = scope.vals[i] if i is not None else glob.get(name)
        else:
            obj = _ns_get(scope.ns, name, _MISSING)
            if obj is _MISSING:
                obj = glob.get(name)
        tp = type(obj)
        if type(tp) is type and tp in ATOM_TYPES:  # (config.plain_types)
            continue
        if (type(tp) is type and tp in MODULE_TYPES or issubclass(tp, type)
                or not self.values.is_user_class(tp)):
            return True
    return False


def other_frames(self, st, roots):
    """Compare the bindings of every function frame on the stack but `st`'s with the record:
    a line may have rebound their names (a free variable, a frame's `f_locals` proxy)."""
    for fid in self.stack:
        other = self.frame_states.get(fid)
        if other is not None and other is not st and other.scope.ns is None:
            diff_locals(self, other, roots)


def all_namespaces(self, roots):
    """Look at every namespace the run has (module globals and class bodies), the line's
    own included. Rare, so a full look is affordable."""
    for other in list(self.scopes.values()):
        if other.ns is not None:
            _diff_namespace(self, other, None, roots)


def touched_namespaces(self, out):
    """Namespaces changed as dicts (`g = globals(); g["n"] = 1`, Values.reach): their
    bindings are looked at, and what they now hold."""
    touched = self.values.touched
    while touched:
        roots = []
        for scope in touched:
            _diff_namespace(self, scope, None, roots)
        touched.clear()
        if roots:
            self.values.reach(roots, out)
