"""Bounded, deterministic text renderings of values (insertion order kept, memory
addresses removed), which never run lesson code.

Rendering a value must not change what the program does: no user ``__repr__``,
``__str__``, ``__getattribute__``, ``__getattr__``, ``__eq__``, ``__hash__``, property or
other descriptor ever runs. ``repr()`` is called only on exact builtin types whose repr
runs no Python code and calls no other object's repr; containers are rendered here item
by item; every other object gets its type's default text (``<module.Name object>``).
Types are read through ``type``'s own descriptors (a metaclass is never asked), objects
are never asked for ``__class__`` (``type(obj)``, ``issubclass``)."""

import collections
import functools
import itertools
import re
import types

from .config import STOP, plain_types
from .library import (
    ARRAY,
    FRACTION,
    LIBRARY_REPR,
    SAFE_WITHOUT_TZINFO,
    array_text,
    fraction_parts,
    is_enum,
)
from .modules import MODULE_TYPES

# Memory addresses in default reprs change from run to run; object ids replace them.
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
FAST_REPR = plain_types((type(None), bool, int, float))  # (config.plain_types: how to test)
CONTAINERS = (dict, list, tuple, set, frozenset)
# Subclasses of these are shown with the builtin value: MyInt(5), S('hi').
SCALARS = (int, float, complex, str, bytes)

# A type's attributes, read with type's own descriptors: never a metaclass's code.
type_mro = type.__dict__["__mro__"].__get__
type_dict = type.__dict__["__dict__"].__get__  # a read-only view of the type's dict
type_qualname = type.__dict__["__qualname__"].__get__
type_name = type.__dict__["__name__"].__get__
_type_flags = type.__dict__["__flags__"].__get__
_HEAPTYPE = 1 << 9
_object_repr = object.__repr__  # C: the type's module and qualname, nothing else
_type_repr = type.__repr__
_module_dict = types.ModuleType.__dict__["__dict__"].__get__
_method_func = types.MethodType.__dict__["__func__"].__get__
method_self = types.MethodType.__dict__["__self__"].__get__
exception_args = BaseException.__dict__["args"].__get__
_function_qualname = types.FunctionType.__dict__["__qualname__"].__get__
_deque_maxlen = collections.deque.__dict__["maxlen"].__get__
_MISSING = object()

# Exact types whose repr is C code that calls no other object's repr (nor any Python).
_SAFE_REPR = plain_types([
    complex, bytes, bytearray, range, memoryview, type(Ellipsis), type(NotImplemented),
    types.FunctionType, types.BuiltinFunctionType, types.MethodWrapperType,
    types.WrapperDescriptorType, types.MethodDescriptorType, types.ClassMethodDescriptorType,
    types.GetSetDescriptorType, types.MemberDescriptorType, types.GeneratorType,
    types.CoroutineType, types.AsyncGeneratorType, types.CodeType, types.FrameType,
    types.CellType, super, re.Pattern, re.Match,
])
_VIEWS = {type({}.keys()): "dict_keys", type({}.values()): "dict_values",
          type({}.items()): "dict_items"}


def lookup(tp, name, default=None):
    """``name`` in the dict of the first class of `tp`'s MRO that has it (no descriptor
    is called, no metaclass asked)."""
    for klass in type_mro(tp):
        d = type_dict(klass)
        if name in d:
            return d[name]
    return default


def is_heap_type(tp):
    return bool(_type_flags(tp) & _HEAPTYPE)


def _fraction_text(obj):
    parts = fraction_parts(obj)
    if parts is None:
        return default_text(obj)
    return f"Fraction({repr_atom(parts[0])}, {repr_atom(parts[1])})"


def _enum_text(obj, tp, level, path):
    """`<Color.RED: 1>`, as Enum's own repr, from the member's `_name_` and `_value_`
    (read from its `__dict__` through the C descriptor, never a lesson's `__repr__`)."""
    desc = lookup(tp, "__dict__")
    d = desc.__get__(obj, tp) if type(desc) is types.GetSetDescriptorType else None
    if type(d) is not dict or "_value_" not in d:
        return default_text(obj)
    name = d.get("_name_")
    value = _short(d["_value_"], level + 1, path)
    where = f"{type_qualname(tp)}.{name}" if type(name) is str else type_qualname(tp)
    return f"<{where}: {value}>"


def safe_repr_type(tp):
    """Whether an object of exact type `tp` is shown by its own library text, made without
    running lesson code whatever the object holds (`repr`, or a Fraction's from its slots)."""
    return type(tp) is type and (tp in _SAFE_REPR or tp in LIBRARY_REPR) or tp is FRACTION


def repr_atom(obj):
    try:
        return repr(obj)
    except ValueError:  # an int longer than sys.get_int_max_str_digits()
        return f"<int of about {int(obj.bit_length() * 0.30103) + 1:,} digits>"


_C_METHODS = plain_types((types.WrapperDescriptorType, types.MethodDescriptorType))


def _builtin(tp, base, name):
    """``tp.name``, unless it is not a builtin's own (C) method: rendering a value must
    not run lesson code that may loop, raise or print (the lesson never called it), so
    the builtin base's own method is used instead. A C subclass's own method is kept
    (OrderedDict.items walks the order move_to_end changed)."""
    method = lookup(tp, name)
    if type(_t := type(method)) is type and _t in _C_METHODS:
        return method
    return base.__dict__[name]


def base_of(tp):
    for base in CONTAINERS:
        if issubclass(tp, base):
            return base
    return None


def head(obj, n):
    """The first n items of a builtin container (key/value pairs for a dict),
    without copying the rest of a huge one."""
    tp = type(obj)
    base = base_of(tp)
    it = _builtin(tp, dict, "items")(obj) if base is dict else _builtin(tp, base, "__iter__")(obj)
    return list(itertools.islice(it, n))


def size_of(obj):
    tp = type(obj)
    return _builtin(tp, base_of(tp), "__len__")(obj)


def scalar_text(obj, tp):
    """``MyInt(5)``: an instance of a subclass of int, float, complex, str or bytes, with
    the builtin value it holds (the builtin's own repr, never the subclass's)."""
    for base in SCALARS:
        if issubclass(tp, base):
            inner = _int_text(obj) if base is int else base.__repr__(obj)
            if len(inner) > 80:
                inner = inner[:79] + "…"
            return f"{type_name(tp)}({inner})"
    return None


def _int_text(obj):
    try:
        return int.__repr__(obj)
    except ValueError:  # too many digits
        return f"<int of about {int(int.bit_length(obj) * 0.30103) + 1:,} digits>"


def default_text(obj):
    """The text of ``object.__repr__``, without its address: ``<__main__.Item object>``."""
    return _ADDRESS.sub("", _object_repr(obj))


# While values.Values._shallow renders an object: the objects its text shows, else None.
SHOWN = [None]


def text(obj):
    """A bounded, deterministic repr (insertion order kept, unlike reprlib)."""
    if (tp := type(obj)) is int or type(tp) is type and tp in FAST_REPR:
        return repr_atom(obj)
    out = _short(obj, 0, ())
    if len(out) > 160:
        out = out[:159] + "…"
    return out


def _short(obj, level, path):
    tp = type(obj)
    if tp is int or type(tp) is type and tp in FAST_REPR:
        return repr_atom(obj)
    if tp is str:
        return repr(obj) if len(obj) <= 80 else repr(obj[:77]) + "…"
    if SHOWN[0] is not None:
        SHOWN[0].append(obj)
    if id(obj) in path:
        return "[...]" if tp is list else "{...}" if tp is dict else "(...)"
    try:
        if base_of(tp) is not None:
            return _short_container(obj, tp, level, path)
        out = _other(obj, tp, level, path + (id(obj),))
    except STOP:  # a stop request must reach run(), never become a value
        raise
    except BaseException as exc:
        out = f"<{type_name(tp)}: {type_name(type(exc))}>"
    if " at 0x" in out:
        out = _ADDRESS.sub("", out)
    return out if len(out) <= 100 else out[:99] + "…"


def _items(obj, level, path):
    return ", ".join(_short(v, level + 1, path) for v in obj)


def _other(obj, tp, level, path):
    """The text of an object that is not a builtin container (see the module's doc)."""
    plain = type(tp) is type  # (config.plain_types)
    if plain and tp in _SAFE_REPR:
        return repr(obj)
    tzinfo_of = SAFE_WITHOUT_TZINFO.get(tp) if plain else None
    if tzinfo_of is not None:
        return repr(obj) if tzinfo_of(obj) is None else default_text(obj)
    if tp is FRACTION:
        return _fraction_text(obj)
    if issubclass(tp, type):
        return _type_repr(obj)
    if tp is types.MethodType:
        func = _method_func(obj)
        ftp = type(func)
        # a Python function's qualname (C); for any other callable only its type's name
        name = _function_qualname(func) if ftp is types.FunctionType else type_qualname(ftp)
        return f"<bound method {name} of {_short(method_self(obj), level + 1, path)}>"
    if plain and tp in MODULE_TYPES:
        d = _module_dict(obj)
        if "__getattr__" not in d:  # the import system's repr asks for missing names
            return repr(obj)
        name = d.get("__name__")
        return f"<module {name!r}>" if type(name) is str else "<module>"
    if issubclass(tp, BaseException):
        return exception_text(obj, tp, level, path)
    if is_enum(tp):
        return _enum_text(obj, tp, level, path)
    if issubclass(tp, SCALARS):
        return scalar_text(obj, tp)
    if tp is ARRAY:
        return array_text(obj)
    if tp is collections.deque:
        items = list(itertools.islice(collections.deque.__iter__(obj), 9))
        body = _items(items[:8], level, path) + (", …" if len(items) > 8 else "")
        maxlen = _deque_maxlen(obj)
        return f"deque([{body}])" if maxlen is None else f"deque([{body}], maxlen={maxlen})"
    view = _VIEWS.get(tp) if plain else None
    if view is not None:
        items = list(itertools.islice(obj, 9))  # a view of a dict: its own iteration, C
        if tp is _ITEMS_VIEW:
            parts = [f"({_short(k, level + 1, path)}, {_short(v, level + 1, path)})"
                     for k, v in items[:8]]
            body = ", ".join(parts)
        else:
            body = _items(items[:8], level, path)
        return f"{view}([{body}{', …' if len(items) > 8 else ''}])"
    if tp is slice:
        return f"slice({_items((obj.start, obj.stop, obj.step), level, path)})"
    if tp is functools.partial:
        return f"functools.partial({_short(obj.func, level + 1, path)}, …)"
    if plain and tp in LIBRARY_REPR:
        return repr(obj)
    return default_text(obj)


_ITEMS_VIEW = type({}.items())


def exception_text(obj, tp, level=0, path=()):
    """``ValueError('no')``: the exception's type and its args, rendered here (the
    builtin repr would call each arg's repr)."""
    args = exception_args(obj)
    name = type_name(tp)
    if len(args) == 1:
        return f"{name}({_short(args[0], level + 1, path)})"
    return name + _short(args, level, path)


def _short_container(obj, tp, level, path):
    if level >= 3:
        return ("[…]" if issubclass(tp, list) else "(…)" if issubclass(tp, tuple)
                else "{…}")
    inner = path + (id(obj),)
    try:
        items = head(obj, 9)
    except STOP:
        raise
    except BaseException as exc:
        return f"<{type_name(tp)}: {type_name(type(exc))}>"
    is_dict = issubclass(tp, dict)
    if is_dict:
        parts = [f"{_short(k, level + 1, inner)}: {_short(v, level + 1, inner)}"
                 for k, v in items[:8]]
    else:
        parts = [_short(v, level + 1, inner) for v in items[:8]]
    if len(items) > 8:
        parts.append("…")
    body = ", ".join(parts)
    name = type_name(tp)
    if is_dict:
        return "{" + body + "}" if tp is dict else f"{name}({{{body}}})"
    if issubclass(tp, list):
        return "[" + body + "]" if tp is list else f"{name}([{body}])"
    if issubclass(tp, tuple):
        if tp is not tuple:
            fields = lookup(tp, "_fields")  # a namedtuple: its fields, as its repr does
            if (type(fields) is tuple and len(fields) == len(parts)
                    and all(type(f) is str for f in fields)):
                pairs = zip(fields, parts, strict=True)
                return f"{name}({', '.join(f'{f}={p}' for f, p in pairs)})"
            return f"{name}({body})"
        return "(" + body + ("," if len(items) == 1 else "") + ")"
    if not items:
        return f"{name}()"
    return "{" + body + "}" if tp is set else f"{name}({{{body}}})"
