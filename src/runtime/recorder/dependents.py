"""Objects whose node shows, as text, what other objects hold, and how they stay true.

Most nodes show other objects by reference: a change inside a list that a dict holds is
recorded once, on the list. Some show them as text instead: a view of a dict its items, an
exception's text its args, a deque its items, and every dict its keys, which are labels (a
key that is an exception reads ``ValueError('no')``, a function ``<function check>``). Such
an object *depends* on what its text shows: when one of those changes, the object is looked
at again and drawn anew, even if the step did not reach it otherwise, even if its snapshot
says nothing it holds changed, and even if the step already looked at it before the change
was found (values.Values.reach). Instances sharing one ``__dict__`` (a Borg) depend on each
other the same way, and a lesson's class given another ``__qualname__`` has each of its
instances drawn under the old name looked at again (their type shows the name).
"""

import types
from weakref import ref

from .letgo import shown_in
from .lifetimes import living, strong, weakly
from .render import SHOWN, text

_FUNCTION = types.FunctionType


class Dependents:
    """How `Values` keeps who shows what (its ``dependents``, ``owners``, ``namespaces``,
    ``touched``, ``recorded``, ``keep_alive``, ``object_id`` and ``is_user_class`` are
    the table's)."""

    def own(self, key, obj):
        """`obj`'s `__dict__` is `key`; instances sharing one (a Borg) look at each other."""
        other = strong(self.owners.get(key))
        if other is not obj:  # (looked at again, it needs no new weak reference)
            if other is not None:
                self._depends(obj, (other,))
                self._depends(other, (obj,))
            self.owners[key] = weakly(obj)

    def _shown_by(self, obj, key, depth, stack):
        """The dict `obj` (id `key`) changed: so did the instance whose `__dict__` it is,
        or the bindings of the namespace it is."""
        owner = strong(self.owners.get(key))
        if owner is not None:
            stack.append((owner, depth))
        scope = self.namespaces.get(key)
        if scope is not None and scope.ns is obj:
            self.touched.append(scope)

    def _depends(self, obj, shown):
        """`obj`'s text shows what the objects `shown` hold: when one of them changes,
        `obj` is looked at again and drawn anew (`_again`)."""
        for child in shown:
            if child is not obj:
                child_oid = self.object_id(child)
                self.dependents.setdefault(child_oid, {})[id(obj)] = weakly(obj)
                if self.pinned:  # (it may hold a pinned object strongly: letgo.py)
                    shown_in(self, obj, child_oid)

    def _key_labels(self, obj, keys, vals):
        """The labels of the dict `obj`'s shown `keys`, and what it reaches: its `vals`, and
        what the labels show that can change while they are keys. That is an exception (its
        args replaced), a function or a lesson's class (its ``__qualname__``), and the
        lesson's class of any other object (its default text names the class); the dict
        depends on it, and the step that looks at the dict looks at it too (so a change
        made through the dict alone, ``next(iter(d)).args = ...``, is found). Read by type:
        no lesson code runs (a ``__class__`` would)."""
        outer = SHOWN[0]
        SHOWN[0] = shown = []  # what the labels show (render.py)
        try:
            labels = tuple(map(text, keys))
        finally:
            SHOWN[0] = outer
        if not shown:
            return labels, vals
        changing = []
        for o in shown:
            tp = type(o)
            if tp is _FUNCTION or issubclass(tp, BaseException):
                changing.append(o)
            elif issubclass(tp, type):
                if self.is_user_class(o):
                    changing.append(o)
            elif self.is_user_class(tp):
                changing.append(tp)
        self._depends(obj, changing)
        return labels, (*vals, *changing)

    def _renamed(self, cls, seen, stale, depth, stack):
        """The lesson class `cls` has another ``__qualname__``: each of its instances that
        was drawn under the old one is looked at again, as in `_again` (``keep_alive``
        holds the object numbered `oid` at ``oid - 1``, values.Values.object_id)."""
        held = self.keep_alive
        for oid, (_node, snap, _reached) in tuple(self.recorded.items()):
            if snap is not None and len(snap) == 7 and snap[5] is cls:
                obj = held[oid - 1]
                obj = obj() if type(obj) is ref else obj
                if obj is not None:
                    seen.discard(id(obj))
                    stale.add(id(obj))
                    stack.append((obj, depth))

    def _again(self, oid, seen, stale, depth, stack):
        """The node of `oid` changed: each living object whose text shows it goes back on
        `stack` (out of `seen`, if this step looked at it already) and into `stale`, so
        that its snapshot is not trusted."""
        for obj in living(self.dependents[oid].values()):
            key = id(obj)
            seen.discard(key)
            stale.add(key)
            stack.append((obj, depth))
