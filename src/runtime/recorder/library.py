"""The standard library's types that the recorder shows by their own text, as the type
objects themselves.

They are imported here, before any lesson code runs, so they are part of every run's
baseline, and an object is one of them only if its exact type *is* one of these objects.
Looked up by name in ``sys.modules`` instead, a class of the lesson's own would pass for
one of them once the lesson put a module of its own under the library's name, and its
``__repr__`` (or a metaclass's ``__subclasscheck__``) would run while a value is shown.
"""

import array
import datetime
import decimal
import enum
import fractions
import itertools

from .config import plain_types

# C types whose repr runs no other object's code whatever they hold, and that no program
# can patch (their type is immutable).
LIBRARY_REPR = plain_types((decimal.Decimal, datetime.date, datetime.timedelta,
                            datetime.timezone))
# The same, as long as they hold no tzinfo (a tzinfo's repr may be the lesson's).
SAFE_WITHOUT_TZINFO = {tp: tp.__dict__["tzinfo"].__get__ for tp in (datetime.datetime,
                                                                    datetime.time)}
FRACTION = fractions.Fraction
# A Fraction's repr is Python code that formats its two slots, which a program may set to
# anything (`f._numerator = obj`): shown from the slots instead, read through their C
# descriptors (render.py).
_numerator = FRACTION.__dict__["_numerator"].__get__
_denominator = FRACTION.__dict__["_denominator"].__get__
_ENUM = enum.Enum
ARRAY = array.array
_typecode = ARRAY.__dict__["typecode"].__get__


def fraction_parts(obj):
    """A Fraction's numerator and denominator when both are exact ints, else None."""
    numerator, denominator = _numerator(obj), _denominator(obj)
    if type(numerator) is int and type(denominator) is int:
        return numerator, denominator
    return None


def is_enum(tp):
    """Whether `tp` is an `enum.Enum` of the library's own metaclass, `EnumType` (whose
    `__subclasscheck__` is type's own)."""
    return type(tp) is type(_ENUM) and issubclass(tp, _ENUM)


def array_text(obj):
    """An exact `array.array` as its repr writes it, from its first 8 items (read by its C
    iterator: ints, floats or one-character strings, whose repr is C), then ``…``:
    ``array('i', [1, 2])``, ``array('u', 'ab')``, ``array('d')`` when empty."""
    code = _typecode(obj)
    items = list(itertools.islice(ARRAY.__iter__(obj), 9))
    if not items:
        return f"array({code!r})"
    more = "…" if len(items) > 8 else ""
    if code in ("u", "w"):
        return f"array({code!r}, {''.join(items[:8])!r}{more})"
    return f"array({code!r}, [{', '.join(map(repr, items[:8]))}{', ' if more else ''}{more}])"
