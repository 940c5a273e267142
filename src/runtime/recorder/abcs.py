"""The registries of the abstract base classes (`collections.abc.Sequence.register(dict)`
made every later run's `isinstance({}, Sequence)` true): `_abc` keeps them in C, where no
namespace or table the sandbox puts back looks. `abc.get_cache_token()` moves with every
registration, so a run that registered nothing costs one call; after one that did, every
ABC known at the baseline gets back the members it had, and every ABC's caches are
emptied (an answer cached from the run's registration, in its ABC or a parent's)."""

import _abc

from .render import type_dict

_token = _abc.get_cache_token
_dump = _abc._get_dump
_reset_registry = _abc._reset_registry
_reset_caches = _abc._reset_caches
_register = _abc._abc_register
_subclasses = type.__subclasses__


def _abc_classes():
    """Every class that has ABC state of its own (`_abc_impl`), by walking the class tree
    from `object` (each class once)."""
    found = []
    seen = {id(object)}
    stack = [object]
    while stack:
        cls = stack.pop()
        if "_abc_impl" in type_dict(cls):
            found.append(cls)
        for sub in _subclasses(cls):
            if id(sub) not in seen:
                seen.add(id(sub))
                stack.append(sub)
    return found


def _members(cls):
    """The classes registered with `cls` (alive ones: the registry holds weak references),
    and the set of their ids."""
    members = tuple(c for c in (ref() for ref in _dump(cls)[0]) if c is not None)
    return members, frozenset(map(id, members))


class AbcRegistries:
    """Each ABC's registered classes as the baseline had them."""

    def __init__(self):
        self.take()

    def take(self):
        self.token = _token()
        self.registries = tuple((cls, *_members(cls)) for cls in _abc_classes())

    def adopt(self):
        """Between runs: what the host registered (importing a module) joins the baseline."""
        if _token() != self.token:
            self.take()

    def restore(self):
        if _token() == self.token:
            return
        for cls, members, ids in self.registries:
            if _members(cls)[1] != ids:
                _reset_registry(cls)
                for member in members:
                    _register(cls, member)
            _reset_caches(cls)
        self.token = _token()

