"""Objects whose node shows, as text, what other objects hold, and how they stay true.

Most nodes show other objects by reference: a change inside a list that a dict holds is
recorded once, on the list. Some show them as text instead: a view of a dict its items, an
exception's text its args, a deque its items, and every dict its keys, which are labels (a
key that is an exception reads ``ValueError('no')``, a function ``<function check>``). Such
an object *depends* on what its text shows: when one of those changes, the object is looked
at again and drawn anew, even if the step did not reach it otherwise, even if its snapshot
says nothing it holds changed, and even if the step already looked at it before the change
was found (values.Values.reach). Instances sharing one ``__dict__`` (a Borg) depend on each
other the same way.
"""

import types

from .lifetimes import living, strong, weakly

_FUNCTION = types.FunctionType


def _changing(shown):
    """Of the objects that a dict's key labels show, those whose text can change while
    they are keys: an exception (its args can be replaced) and a function (its
    ``__qualname__``). Read by type: no lesson code runs (a ``__class__`` would)."""
    return [o for o in shown if type(o) is _FUNCTION or issubclass(type(o), BaseException)]


class Dependents:
    """How `Values` keeps who shows what (its ``dependents``, ``owners``, ``namespaces``,
    ``touched`` and ``object_id`` are the table's)."""

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
                self.dependents.setdefault(self.object_id(child), {})[id(obj)] = weakly(obj)

    def _keys_show(self, obj, shown):
        """The dict `obj`'s key labels show the objects `shown`: those whose text can
        change make the dict depend on them, and are returned for the step that looks at
        the dict to look at them too (so a change made through the dict alone,
        ``next(iter(d)).args = ...``, is found)."""
        keys = _changing(shown)
        self._depends(obj, keys)
        return keys

    def _again(self, oid, seen, stale, depth, stack):
        """The node of `oid` changed: each living object whose text shows it goes back on
        `stack` (out of `seen`, if this step looked at it already) and into `stale`, so
        that its snapshot is not trusted."""
        for obj in living(self.dependents[oid].values()):
            key = id(obj)
            seen.discard(key)
            stale.add(key)
            stack.append((obj, depth))
