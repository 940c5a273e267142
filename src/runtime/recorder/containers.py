"""The dicts, lists and sets that modules, their classes and their functions' closures
keep at their top level: dispatch tables (``copy._deepcopy_dispatch``: every later
``copy.deepcopy`` of a list goes through it; ``textwrap.TextWrapper``'s), lookup tables
(``json.decoder._CONSTANTS``, ``locale.locale_alias``), registries and caches. The
sandbox puts a module's names back by identity, so a run that changed one of these in
place changed it for every later run. Their items are saved when the baseline is taken
and put back after every run.

Read and put back without calling anything a run could have given them: a live container
is compared with its saved items by iterating it (no hashing, no ``==``); a dict or a set
is refilled from a saved copy of the same type, which copies the stored hashes.
"""

import sys
import types
from itertools import chain
from operator import eq, is_

# The recorder's own package: its tables are its own (and sealed, seal.py).
_PACKAGE = __name__.rpartition(".")[0]
# Private references, taken before any run, for the check of the usual case (the rest
# runs only once a table changed, after the sandbox has put the builtins back).
_all, _map, _len, _type, _chain, _values = all, map, len, type, chain.from_iterable, dict.values
_get = types.GetSetDescriptorType.__get__
_set = types.GetSetDescriptorType.__set__
_set_class = object.__dict__["__class__"].__set__
# Values that are not a module's own instances: code, modules, and bound methods (whose
# `__dict__` is their function's).
_NOT_INSTANCES = (types.ModuleType, types.FunctionType, types.MethodType,
                  types.BuiltinFunctionType, types.MethodWrapperType)


def _skipped(name, host):
    return name == "__main__" or name == _PACKAGE or name.startswith(_PACKAGE + ".") or host(name)


class ModuleContainers:
    """Each top-level dict, list and set of the modules loaded now, of the classes they
    define and of their functions' closures, with its items; each instance they hold, with
    its class and attribute dict; and one level in, the instances those tables hold."""

    def __init__(self, host, owned):
        """`host(name)`: a module of whoever runs the recorder (Pyodide), left alone;
        `owned`: containers something else puts back (the sandbox's `sys.modules`)."""
        seen = {id(obj) for obj in owned}
        saved = []
        instances = []
        getters = {}
        for name, module in list(sys.modules.items()):
            if not isinstance(module, types.ModuleType) or _skipped(name, host):
                continue
            for value in list(vars(module).values()):
                if isinstance(value, type):
                    if value.__module__ == name:
                        # its class attributes too (`textwrap.TextWrapper`'s table)
                        for held in list(vars(value).values()):
                            _save(held, seen, saved) or _cells(held, seen, saved)
                elif not _save(value, seen, saved) and not _cells(value, seen, saved):
                    _instance(value, seen, saved, instances, host, getters)
        # One level in: the instances those tables hold (`encodings._cache`'s codecs, the
        # finders in `sys.path_importer_cache`), with the tables their attributes hold.
        for live in [live for live, _k, _v, _c in saved] + list(owned):
            for item in list(live.values() if type(live) is dict else live):
                _instance(item, seen, saved, instances, host, getters)
        # Tuples: nothing a run could edit in place (the seal holds `saved` itself,
        # seal.py); a dict's copy is checked against its keys and values before use.
        self.saved = tuple(saved)
        # The same, flat, for one check in C of the usual case: nothing changed.
        self.lives = tuple(live for live, _k, _v, _c in saved)
        self.sizes = tuple(len(keys) for _l, keys, _v, _c in saved)
        self.keys = tuple(chain.from_iterable(keys for _l, keys, _v, _c in saved))
        self.dicts = tuple(live for live, _k, values, _c in saved if values is not None)
        self.values = tuple(chain.from_iterable(v for _l, _k, v, _c in saved if v is not None))
        # Instances a module holds (`reprlib.aRepr`, `json._default_decoder`): each one's
        # class, and the attribute dict it had (read through its class's own C getter);
        # what that dict holds is checked with the containers above.
        self.objects = tuple(obj for obj, _c, _d, _a in instances)
        self.classes = tuple(cls for _o, cls, _d, _a in instances)
        self.descriptors = tuple(d for _o, _c, d, _a in instances)
        self.attrs = tuple(attrs for _o, _c, _d, attrs in instances)

    def unchanged(self):
        """Whether every container holds what it held at install, item by item, and every
        instance has its class and its attribute dict."""
        return (
            _all(_map(is_, _map(_type, self.objects), self.classes))
            and _all(_map(is_, _map(_get, self.descriptors, self.objects), self.attrs))
            and _all(_map(eq, _map(_len, self.lives), self.sizes))
            and _all(_map(is_, _chain(self.lives), self.keys, strict=True))
            and _all(_map(is_, _chain(_map(_values, self.dicts)), self.values, strict=True))
        )

    def restore(self):
        if self.unchanged():
            return
        # Instances first: a class swapped back, the attribute dict put back in place (its
        # items follow with the containers). Nothing of a run's class is called.
        for obj, cls, descriptor, attrs in zip(
            self.objects, self.classes, self.descriptors, self.attrs, strict=True
        ):
            if type(obj) is not cls:
                _set_class(obj, cls)
            if _get(descriptor, obj) is not attrs:
                _set(descriptor, obj, attrs)
        for live, keys, values, copy in self.saved:
            if _unchanged(live, keys, values):
                continue
            if type(live) is list:
                live[:] = keys
                continue
            live.clear()
            if type(live) is set:
                live.update(copy)  # a frozenset: nothing to check
            elif _unchanged(copy, keys, values):
                live.update(copy)
            else:  # a run reached the copy too: the items, hashed again
                live.update(zip(keys, values, strict=True))


def _save(value, seen, saved):
    """Keep a dict, list or set with its items (True if `value` is one)."""
    tp = type(value)
    if not (tp is dict or tp is list or tp is set):
        return False
    if id(value) not in seen:
        seen.add(id(value))
        values = tuple(value.values()) if tp is dict else None
        copy = None if tp is list else (dict if tp is dict else frozenset)(value)
        saved.append((value, tuple(value), values, copy))
    return True


def _cells(fn, seen, saved):
    """Keep the tables a function's closure holds (`ChainMap.__repr__`'s recursion guard,
    from `reprlib.recursive_repr`). True if `fn` is a function."""
    if type(fn) is not types.FunctionType:
        return False
    for cell in fn.__closure__ or ():
        try:
            contents = cell.cell_contents
        except ValueError:
            continue  # empty until the function itself fills it
        _save(contents, seen, saved)
    return True


def _dict_getter(tp, host):
    """The C getter of the attribute dict of `tp`'s instances, or None: not an instance
    of a class written in Python, or one of the recorder's or the host's."""
    if issubclass(tp, _NOT_INSTANCES) or issubclass(tp, type):
        return None
    if _skipped(getattr(tp, "__module__", None) or "", host):
        return None
    descriptor = next((vars(k)["__dict__"] for k in tp.__mro__ if "__dict__" in vars(k)), None)
    return descriptor if type(descriptor) is types.GetSetDescriptorType else None


def _instance(obj, seen, saved, instances, host, getters):
    """Keep an instance of a class written in Python (not the recorder's or the host's),
    with its attribute dict and the tables its attributes hold. `getters`: by type, what
    `_dict_getter` found (most values are of a few types)."""
    tp = type(obj)
    descriptor = getters[tp] if tp in getters else getters.setdefault(tp, _dict_getter(tp, host))
    if descriptor is None or id(obj) in seen:
        return
    attrs = descriptor.__get__(obj)
    if type(attrs) is not dict:
        return
    seen.add(id(obj))
    instances.append((obj, type(obj), descriptor, attrs))
    _save(attrs, seen, saved)
    for value in list(attrs.values()):
        _save(value, seen, saved)


def _unchanged(container, keys, values):
    """Item by item, by identity, in C (`map`): a dict's keys in order, then its values."""
    return (
        len(container) == len(keys)
        and all(map(is_, container, keys, strict=True))
        and (values is None or all(map(is_, container.values(), values, strict=True)))
    )
