"""The recorder's hot path: one event's row and its frame's variable changes.

`emit` runs once per recorded event; it is a method of `monitor.Recorder` (bound there),
kept here with the per-frame memory it reads so that what makes it fast is in one place.
"""

import types
from operator import is_

from .config import STABLE_TYPES
from .values import FLAT_CONTAINERS


class FrameVars:
    """What the recorder remembers of one live frame between its events."""

    __slots__ = ("cache", "keys", "vals", "rec", "mut", "is_module", "depth")

    def __init__(self, is_module, depth):
        # name -> (object, value index, its Values.flat entry or None), as recorded
        self.cache = {}
        self.keys = None  # the names in f_locals at the frame's previous event...
        self.vals = None  # ...and their objects (held: identity checks stay exact)
        self.rec = None  # per name (in `keys` order): its `cache` entry
        self.mut = None  # per name: can its rendering change without a rebinding?
        self.is_module = is_module
        self.depth = depth


def emit(self, kind, fid, frame, line, aux, file_idx):
    """Append one event, and the changes of its frame's variables since the frame's
    previous event. The recorder's hot path: it runs once per event."""
    st = self.locals_cache.get(fid)
    if st is None:
        st = self.locals_cache[fid] = FrameVars(
            frame.f_code.co_name == "<module>", self.frames[fid][3]
        )
    deltas = self.deltas
    self.rows.extend(
        (kind, file_idx, line, fid, st.depth, self.output.length, len(deltas) >> 1, aux)
    )
    loc = frame.f_locals
    if type(loc) is dict:  # module and class bodies: the namespace itself
        keys = list(loc)
        vals = list(loc.values())
    else:  # a FrameLocalsProxy: keys() and values() are lists, in one order
        keys = loc.keys()
        vals = loc.values()
    cache = st.cache
    is_module = st.is_module
    encode = self.values.encode
    if keys == st.keys and self.fast:
        # The same names as at this frame's previous event (the usual case): only a
        # name bound to another object, or holding a mutable one, can have changed.
        # What is skipped here is exactly what the general path below skips.
        values = self.values
        ints = values.ints
        flat = values.flat
        rec = st.rec
        mut = st.mut
        prev_vals = st.vals
        p = -1
        for obj in vals:
            p += 1
            if obj is prev_vals[p] and not mut[p]:
                continue
            tp = type(obj)
            if is_module and (tp is types.ModuleType or keys[p].startswith("__")):
                continue
            prev = rec[p]
            if prev is not None and prev[0] is obj:
                if tp in STABLE_TYPES:
                    mut[p] = False
                    continue
                # The same container, still showing the same atoms it was recorded
                # with (see values.flat_unchanged): the same rendering, nothing to record.
                entry = prev[2]
                if (
                    entry is not None
                    and entry[1] == len(obj)
                    and all(map(is_, obj, entry[2]))  # noqa: B912 (a prefix, by design)
                    and (entry[3] is None or all(map(is_, obj.values(), entry[3])))  # noqa: B912
                ):
                    continue
            vidx = ints.get(obj) if tp is int else None
            if vidx is None:
                vidx = encode(obj)
            entry = None
            if tp in FLAT_CONTAINERS:
                entry = flat.get(id(obj))
                if entry is not None and (entry[0] is not obj or entry[4] != vidx):
                    entry = None
            if prev is None or prev[1] != vidx:
                name = keys[p]
                nid = self.name_index.get(name)
                deltas.extend((self.name_id(name) if nid is None else nid, vidx))
            cache[keys[p]] = rec[p] = (obj, vidx, entry)
            mut[p] = tp not in STABLE_TYPES
        st.vals = vals
        self.count += 1
        return
    # The general path: every name, then the names that are gone.
    seen = 0
    for name, obj in zip(keys, vals, strict=False):
        if is_module and (name.startswith("__") or type(obj) is types.ModuleType):
            continue
        seen += 1
        prev = cache.get(name)
        if prev is not None and prev[0] is obj and type(obj) in STABLE_TYPES:
            continue
        vidx = encode(obj)
        if prev is None or prev[1] != vidx:
            deltas.extend((self.name_id(name), vidx))
        cache[name] = (obj, vidx, None)
    if seen < len(cache):
        current = set(keys)
        for name in [n for n in cache if n not in current]:
            del cache[name]
            deltas.extend((self.name_id(name), -1))
    st.keys = keys
    st.vals = vals
    st.rec = [cache.get(k) for k in keys]
    st.mut = [
        type(v) not in STABLE_TYPES and not (is_module and k.startswith("__"))
        for k, v in zip(keys, vals, strict=False)
    ]
    self.count += 1
