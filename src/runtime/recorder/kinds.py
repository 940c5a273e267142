"""What kind of object a value is, and how to read it, without running lesson code.

The recorder's type-level rules (values.py records with them): which objects are
containers, functions, instances or opaque; where an instance's ``__dict__`` and
``__slots__`` are (read through the C descriptors of the class that made it, never with
``getattr``); which classes are the lesson's own (their instances reach them, and they
reach what their attributes hold). The snapshots that let a step skip an object that
did not change are in snapshots.py.
"""

import functools
import sys
import types
from itertools import islice

from .config import ATOM_TYPES, MAX_CHILDREN, plain_types
from .futures import FUTURE_TYPES, future_parts
from .library import is_enum
from .modules import MODULE_TYPES
from .render import (
    CONTAINERS,
    SCALARS,
    exception_args,
    exception_text,
    is_heap_type,
    method_self,
    safe_repr_type,
    scalar_text,
    text,
    type_dict,
    type_mro,
)
from .snapshots import CLASS, FIXED, type_qualname

_FUNCTION_TYPES = (types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                   types.BuiltinMethodType, types.MethodWrapperType)
# Objects whose node never changes once recorded (their reach may: a method's __self__).
_FIXED_TYPES = plain_types(_FUNCTION_TYPES, MODULE_TYPES, (type, range))
# Bound methods: what they reach is their __self__ (read with the type's own member).
_SELF = {types.MethodType: method_self,
         types.BuiltinFunctionType: types.BuiltinFunctionType.__dict__["__self__"].__get__,
         types.MethodWrapperType: types.MethodWrapperType.__dict__["__self__"].__get__}
_KIND = {dict: "dict", list: "list", tuple: "tuple", set: "set", frozenset: "set"}
_PARTIAL = functools.partial
_PARTIAL_PARTS = tuple((name, functools.partial.__dict__[name].__get__)
                       for name in ("func", "args", "keywords"))
# What a class's own attributes hold that is not followed: its methods and descriptors.
_NOT_FOLLOWED = plain_types(ATOM_TYPES, MODULE_TYPES, (
    types.FunctionType, types.BuiltinFunctionType, staticmethod, classmethod,
    property, types.MemberDescriptorType, types.GetSetDescriptorType,
    types.WrapperDescriptorType, types.MethodDescriptorType,
))
_LIBRARY = frozenset(sys.stdlib_module_names) | {"builtins"}
_C_MEMBERS = plain_types((types.GetSetDescriptorType, types.MemberDescriptorType))
_MISSING = object()


def dict_descriptor(tp):
    """The descriptor of `tp`'s instances' ``__dict__`` (a C getset or member), or None."""
    for klass in type_mro(tp):
        desc = type_dict(klass).get("__dict__")
        if desc is not None:
            return desc if type(_t := type(desc)) is type and _t in _C_MEMBERS else None
    return None


def dict_of(obj, tp, desc=_MISSING):
    """The object's own ``__dict__`` (a real dict), or None: read with the descriptor of
    the class that made it (C), never with ``getattr`` (a lesson's ``__getattribute__``,
    ``__getattr__`` or a property named ``__dict__``). `desc`: dict_descriptor(tp)."""
    if desc is _MISSING:
        desc = dict_descriptor(tp)
    if desc is None:
        return None
    attrs = desc.__get__(obj, tp)
    return attrs if type(attrs) is dict else None


def slot_members(tp):
    """``(name, member descriptor)`` of the ``__slots__`` of `tp`'s Python classes, bases
    first; None when no class of it was made by a ``class`` statement with slots."""
    found = None
    for klass in reversed(type_mro(tp)):
        d = type_dict(klass)
        if "__slots__" in d and is_heap_type(klass):
            found = found or []
            found.extend((name, v) for name, v in d.items()
                         if type(v) is types.MemberDescriptorType)
    return found


_EMPTY = object()
_EXCEPTION = "exception"
_SCALAR = "scalar"
_FUTURE = "future"


def _label(key):
    """An attribute's name as a child label (a str subclass's own __str__ never runs)."""
    return key if type(key) is str else text(key)


def _slot_value(member, obj, tp):
    """A slot's value (its C member descriptor), or _EMPTY when it was never set."""
    try:
        return member.__get__(obj, tp)
    except AttributeError:
        return _EMPTY


def user_class(tp, lesson_modules=frozenset()):
    """Whether `tp` is a class made by the lesson (a Python class of a lesson module or
    not from the standard library): its instances reach it, and it reaches what its
    attributes hold."""
    if not is_heap_type(tp):
        return False
    module = type_dict(tp).get("__module__")
    if type(module) is not str or module in lesson_modules:
        return True
    return module.partition(".")[0] not in _LIBRARY


def by_type(cache, tp, make, *args):
    """``make(tp, *args)``, worked out once per type in `cache` (a dict of the run's): keyed
    by the type itself when its metaclass is `type`, else by its id, the entry holding the
    type so that the id stays its own while the run lasts (config.plain_types)."""
    key = tp if type(tp) is type else id(tp)
    entry = cache.get(key)
    if entry is None:
        entry = cache[key] = (make(tp, *args), tp)
    return entry[0]


def _kind_of(obj, tp, layout=None):
    """`obj`'s kind (`layout`: Values.layout(tp), else looked up)."""
    kind = _KIND.get(tp) if type(tp) is type else None  # (config.plain_types)
    if kind is not None:
        return kind
    for base in CONTAINERS:
        if issubclass(tp, base):
            return _KIND[base]
    if issubclass(tp, _FUNCTION_TYPES):
        return "function"
    if issubclass(tp, (type, types.ModuleType)):
        return "other"
    if issubclass(tp, BaseException) or issubclass(tp, FUTURE_TYPES):
        return "instance"  # (a future: futures.py)
    if is_enum(tp):
        return "other"  # a member: its name and value (render.py), never changed
    if safe_repr_type(tp):
        return "other"
    desc, slots = layout or (dict_descriptor(tp), slot_members(tp))
    if slots is None and _c_state(tp):
        return "other"
    if slots is not None or dict_of(obj, tp, desc) is not None:
        return "instance"
    return "other"


# Iterators over a list or a tuple: they reach the sequence they walk, so a change made
# through what one returned (`next(it).append(9)`) is seen on a line that names it.
_SEQUENCE_ITERATORS = plain_types((type(iter([])), type(iter(())), type(reversed([]))))
# Built-in wrappers that hold a function and iterators, and change what those reach when
# consumed from C (`list(map(log.append, xs))` appends to `log` on a line that never
# names it): their type's C `__reduce__` names what they hold, running no code of theirs.
_WRAPPERS = plain_types((map, filter, zip, enumerate))
_VIEWED = memoryview.obj.__get__


def iterated(obj, tp):
    """What a C iterator or wrapper reaches, for the objects it could change to be looked
    at again: the sequence a list or tuple iterator walks, what a `map`, `filter`, `zip`
    or `enumerate` holds, the object a `memoryview` shows (`mv[0] = 65` changes it);
    else ``()``."""
    if type(tp) is not type:  # (config.plain_types)
        return ()
    if tp in _SEQUENCE_ITERATORS:
        args = tp.__reduce__(obj)[1]
        return (args[0],) if args and (type(args[0]) is list or type(args[0]) is tuple) else ()
    if tp in _WRAPPERS:
        return tuple(a for a in tp.__reduce__(obj)[1] if a is not None and type(a) is not int)
    if tp is memoryview:
        try:
            return (_VIEWED(obj),)
        except ValueError:  # released
            return ()
    return ()


def _layout_of(tp):
    return dict_descriptor(tp), slot_members(tp)


def _c_state(tp):
    """Whether `tp` is one of the io module's C types (`io.StringIO`, files): what their
    objects hold is C state, so their `__dict__` (mostly empty) would show a full buffer
    as an empty object. A subclass written in Python has a first line, and is shown."""
    return type_dict(tp).get("__module__") == "_io" and not any(
        "__firstlineno__" in type_dict(k) for k in type_mro(tp))


class InstanceReader:
    """How `Values` shows an exception, an instance and a class (its ``plans``,
    ``layouts`` and ``user_classes`` caches, ``owners``, ``object_ids``, ``ref`` and
    ``_refs`` are the table's)."""

    def _instance(self, obj, oid, tp, tname):
        """An exception (its args), or an object shown by its attributes: its
        ``__dict__`` and its ``__slots__``, read without running any lesson code."""
        desc, slots, special, cls = by_type(self.plans, tp, self._plan)
        if special is _EXCEPTION:
            args = exception_args(obj)
            shown = tuple(args[:MAX_CHILDREN])
            children = tuple((f"args[{i}]", self.ref(v)) for i, v in enumerate(shown))
            return (tname, exception_text(obj, tp), oid, children, len(args), "instance"), \
                None, shown
        attrs = desc.__get__(obj, tp) if desc is not None else None
        also = () if cls is None else (cls,)  # reached besides the attributes' values
        if type(attrs) is not dict:
            attrs = None
        else:
            # A change through the dict alone changes `obj` (Values.reach), and one through
            # `obj` changes the dict, if it is shown as an object of its own.
            key = id(attrs)
            self.own(key, obj)
            if key in self.object_ids:
                also = (*also, attrs)
        if attrs is not None and slots is None and special is None:
            # the common case: a lesson's object with a __dict__ (what a snapshot can check)
            size = len(attrs)
            if size <= MAX_CHILDREN:
                keys = tuple(attrs)
                vals = tuple(attrs.values())
            else:
                keys = tuple(islice(attrs, MAX_CHILDREN))
                vals = tuple(islice(attrs.values(), MAX_CHILDREN))
            children = tuple(zip(map(_label, keys), self._refs(vals), strict=True))
            reached = (*vals, *also) if also else vals
            return (tname, "", oid, children, size, "instance"), \
                (attrs, len(keys), size, keys, vals, tp, desc), reached
        pairs = list(islice(attrs.items(), MAX_CHILDREN)) if attrs is not None else []
        extra = []
        for name, member in slots or ():
            value = _slot_value(member, obj, tp)
            if value is not _EMPTY:
                extra.append((name, value))
        if special is _PARTIAL:  # what a partial calls, with what: it may mutate them
            extra.extend((name, get(obj)) for name, get in _PARTIAL_PARTS)
        elif special is _FUTURE:
            extra.extend(future_parts(self, obj, oid, tp))
        size = len(pairs) + len(extra) if attrs is None else len(attrs) + len(extra)
        pairs += extra[: MAX_CHILDREN - len(pairs)]
        vals = tuple(v for _, v in pairs)
        children = tuple((_label(k), self.ref(v)) for k, v in pairs)
        label = scalar_text(obj, tp) if special is _SCALAR else ""
        # (slots are not in a dict a snapshot could compare, nor a future's C state:
        # looked at every time)
        snap = None
        if not slots and attrs is not None and special is not _FUTURE:
            snap = (attrs, len(pairs), len(attrs), tuple(k for k, _ in pairs), vals, tp, desc)
        reached = (*vals, *also) if also else vals
        if special is _PARTIAL:  # all of its parts, even past the shown children
            reached = (*reached, *(v for _, v in extra))
        return (tname, label, oid, children, size, "instance"), snap, reached

    def _plan(self, tp):
        """How `tp`'s objects are shown: ``(dict descriptor, slot members, what is special
        about them, the class they reach or None)``."""
        desc, slots = self.layout(tp)
        special = (_EXCEPTION if issubclass(tp, BaseException)
                   else _PARTIAL if tp is _PARTIAL
                   else _FUTURE if issubclass(tp, FUTURE_TYPES)
                   else _SCALAR if issubclass(tp, SCALARS) else None)
        return desc, slots, special, tp if self.is_user_class(tp) else None

    def layout(self, tp):
        """``(dict descriptor, slot members)`` of `tp`'s instances, looked up once."""
        return by_type(self.layouts, tp, _layout_of)

    def is_user_class(self, tp):
        # Asked at every line that calls a method (hotpath.py): a known plain type is read
        # here, without by_type's call, which cost the growth loop 3-6 % (Node, side by side).
        known = self.user_classes.get(tp) if type(tp) is type else None
        if known is not None:
            return known[0]
        return by_type(self.user_classes, tp, user_class, self.lesson_modules)

    def _class(self, cls, oid, tp, tname):
        """A class: its text, and, for a lesson's class, what its attributes hold (a
        class attribute is shared by every instance: ``self.tricks.append(t)``) and its
        bases. The snapshot is its whole dict, so a rebound attribute is seen, and its
        ``__qualname__``, which its text and its instances' type show (snapshots.py)."""
        node = (tname, text(cls), oid, (), 0, "other")
        if not self.is_user_class(cls):
            return node, FIXED, ()
        attrs = type_dict(cls)
        keys = tuple(attrs)
        vals = tuple(attrs.values())
        reached = [v for k, v in zip(keys, vals, strict=True)
                   if type(_t := type(v)) is not type or _t not in _NOT_FOLLOWED
                   and not (type(k) is str and k[:1] == "_" and k[-1:] == "_")]
        reached.extend(b for b in type_mro(cls)[1:] if self.is_user_class(b))
        # CLASS in the place of the shown items: never taken for a container that grew
        snap = (attrs, CLASS, len(keys), keys, vals, type_qualname(cls))
        return node, snap, tuple(reached)
