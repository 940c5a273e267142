"""Snapshots: what tells, cheaply and without running lesson code, that an object's node
is still the one recorded, so a step can skip it (values.Values.reach).

A container's or an instance's snapshot is ``(target, shown, size, keys, items)``: the
live container (an instance's ``__dict__``), how many items its node shows, its size, and
the shown keys and items (a list's items, a dict's keys and values), compared by identity.
A Python function's is ``(qualname, FUNCTION)``: its text is its ``__qualname__``, which
``functools.update_wrapper`` or an assignment may replace after it was first drawn. A
lesson's class has ``(dict, CLASS, size, keys, values, qualname)``: what its attributes
hold, and the ``__qualname__`` its text and its instances' type show. Other objects whose
node never changes (built-in functions, other classes, modules, ranges) have ``FIXED``;
None means "look again every time"."""

import types
from operator import is_

from .config import MAX_CHILDREN

FIXED = ("fixed",)
FUNCTION = -1  # a function's snapshot, in the place of a container's shown-item count
CLASS = -2  # a lesson class's, there too
_qualname = types.FunctionType.__dict__["__qualname__"].__get__  # C: no lesson code runs
type_qualname = type.__dict__["__qualname__"].__get__  # (a metaclass is not asked)


def fixed(obj, tp):
    """The snapshot of a function, class, module or range (`tp`: its type). A bound
    method has none: its text shows its object as it is now."""
    if tp is types.FunctionType:
        return (_qualname(obj), FUNCTION)
    return None if tp is types.MethodType else FIXED


def grown(obj, snap):
    """Whether only the size of an exact container changed, past its shown items: it
    showed MAX_CHILDREN items before and still shows the same ones (by identity)."""
    if snap is FIXED or snap[1] < MAX_CHILDREN:  # (a function's FUNCTION is below)
        return False
    target = snap[0]
    if len(target) < MAX_CHILDREN:
        return False
    if snap[4] is None:
        return all(map(is_, target, snap[3]))  # noqa: B912 (a prefix, by design)
    return all(map(is_, target, snap[3])) and all(map(is_, target.values(), snap[4]))  # noqa: B912


def unchanged(obj, snap):
    """Whether `obj`'s node is the one recorded with `snap`: the same size and, by
    identity, the same shown keys and items (a dict's values, a list's items, ...), or
    for a function the same `__qualname__`."""
    if snap is None:
        return False
    if snap is FIXED:
        return True
    target = snap[0]
    if snap[1] == FUNCTION:
        return _qualname(obj) is target
    if snap[1] == CLASS and type_qualname(obj) is not snap[5]:
        return False
    if len(target) != snap[2]:
        return False
    if snap[4] is None:  # list, tuple, set: the shown items
        return all(map(is_, target, snap[3]))  # noqa: B912 (a prefix, by design)
    # a dict or an instance's __dict__: keys and values
    return all(map(is_, target, snap[3])) and all(map(is_, target.values(), snap[4]))  # noqa: B912
