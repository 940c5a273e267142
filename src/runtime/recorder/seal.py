"""The seal: proof, after each run, that the run left the interpreter's code as it found
it. Python has no sandbox, so lesson code can reach any object (through `gc`,
`object.__subclasses__()`, frames...) and could rewrite a recorder method or a standard
class in place (`Values.atom = ...`, `json.JSONEncoder.default = ...`). The sandbox puts
module namespaces back after a run, but a class's attributes, a function's code or a
closure's cells would stay changed, and every later run (another panel, another lesson,
a shipped trace) would record through them.

`take()` is called at install, before any lesson code has run, once for the recorder's
own package and once for everything else loaded by then (the builtins, the standard
library). It records what they are made of: each namespace's keys and values (modules,
classes, a function's keyword defaults), the recorder's own tables, each function's
code, defaults and closure cells, each module's and class's type and each class's bases.
`verify` compares them by identity, never `==` (which could run a lesson's `__eq__`), in
pipelines of C functions handed to it (`all`, `map`, `operator`, `itertools`...): it
reads no global and no builtin, so no Python code a run could have changed takes part,
and the host (src/runtime/worker-core.ts) calls it through references kept from
`take()`, after checking that `verify`'s own code is still the code it was. `restore`
and `locate` are plain Python, used only once the recorder's own seal has held.
"""

import itertools
import operator
import sys
import types

_code = operator.attrgetter("__code__")
_defaults = operator.attrgetter("__defaults__")
_kwdefaults = operator.attrgetter("__kwdefaults__")
_cell = operator.attrgetter("cell_contents")
_bases = operator.attrgetter("__bases__")
_class_dict = type.__dict__["__dict__"].__get__
_MISSING = object()

# Modules that belong to whoever hosts the recorder, not to the interpreter's code.
_SKIP_MODULES = frozenset(("__main__",))

# Modules whose objects hold the sandbox's baseline (see `_Builder.held`).
_SNAPSHOT_MODULES = frozenset(
    __name__.rpartition(".")[0] + suffix for suffix in (".sandbox", ".inplace", ".containers"))

# The C functions (and the one constant) `verify` is given.
_C = (all, map, operator.call, operator.is_, len, operator.eq, itertools.chain.from_iterable,
      itertools.repeat, _MISSING, type, _code, _defaults, _kwdefaults, _cell, _bases)


def _verify(s, c):
    """Whether everything is as `take` found it (only the functions in `c` are called):
    sizes; each namespace key's value (``get(key, missing)``); the recorder's tables,
    item by item; functions; closure cells; types; bases."""
    (all_, map_, call, is_, len_, eq, chain, repeat, missing, type_, code, defaults,
     kwdefaults, cell, bases) = c
    return (
        all_(map_(eq, map_(len_, s[0]), s[1]))
        and all_(map_(is_, map_(call, s[2], s[3], repeat(missing)), s[4]))
        and all_(map_(is_, chain(map_(call, s[5])), s[6]))
        and all_(map_(is_, map_(code, s[7]), s[8]))
        and all_(map_(is_, map_(defaults, s[7]), s[9]))
        and all_(map_(is_, map_(kwdefaults, s[7]), s[10]))
        and all_(map_(is_, map_(cell, s[11]), s[12]))
        and all_(map_(is_, map_(type_, s[13]), s[14]))
        and all_(map_(is_, map_(bases, s[15]), s[16]))
    )


class _Builder:
    def __init__(self):
        # sized, sizes, gets, keys, values, lists, items, functions, codes, defaults,
        # kwdefaults, cells, contents, typed, types, classes, bases, holders
        self.cols = [[] for _ in range(18)]
        self.labels = {"sized": [], "key": [], "fn": [], "cell": [], "typed": [], "cls": []}
        self.seen = set()

    def mapping(self, ns, label, owner=None, holder=None):
        """A namespace (a dict, or the mapping proxy of class `holder`): its size, and each
        key's value; with `owner`, also what its functions and classes defined in module
        `owner` are made of."""
        c = self.cols
        items = list(ns.items())
        c[0].append(ns)
        c[1].append(len(items))
        c[17].append(ns if holder is None else holder)
        self.labels["sized"].append(label)
        get = ns.get
        for key, value in items:
            c[2].append(get)
            c[3].append(key)
            c[4].append(value)
            self.labels["key"].append(f"{label}.{key}" if isinstance(key, str)
                                      else f"{label}[{key!r}]")
        if owner is not None:
            for key, value in items:
                self.member(value, f"{label}.{key}", owner)

    def table(self, lst, label):
        """A list of the recorder's: its size and items, in order."""
        c = self.cols
        c[0].append(lst)
        c[1].append(len(lst))
        c[17].append(lst)
        self.labels["sized"].append(label)
        c[5].append(lst.__iter__)
        c[6].extend(lst)

    def member(self, value, label, owner):
        if isinstance(value, types.FunctionType):
            if value.__module__ == owner:
                self.function(value, label)
        elif isinstance(value, type):
            # also a class of the recorder's that says it belongs elsewhere (modules.py's
            # `module`): its methods still say where they were written
            if value.__module__ == owner or any(
                    isinstance(f, types.FunctionType) and f.__module__ == owner
                    for f in vars(value).values()):
                self.cls(value, label, owner)
        elif isinstance(value, (staticmethod, classmethod)):
            self.member(value.__func__, label, owner)
        elif isinstance(value, property):
            for f in (value.fget, value.fset, value.fdel):
                if f is not None:
                    self.member(f, label, owner)

    def function(self, fn, label):
        if id(fn) in self.seen:
            return
        self.seen.add(id(fn))
        c = self.cols
        c[7].append(fn)
        c[8].append(fn.__code__)
        c[9].append(fn.__defaults__)
        c[10].append(fn.__kwdefaults__)
        self.labels["fn"].append(label)
        if fn.__kwdefaults__:
            self.mapping(fn.__kwdefaults__, f"{label}.__kwdefaults__")
        for i, cell in enumerate(fn.__closure__ or ()):
            try:
                contents = cell.cell_contents
            except ValueError:
                continue  # empty until the function itself fills it
            c[11].append(cell)
            c[12].append(contents)
            self.labels["cell"].append(f"{label} (its {fn.__code__.co_freevars[i]})")

    def typed_as(self, obj, label):
        self.cols[13].append(obj)
        self.cols[14].append(type(obj))
        self.labels["typed"].append(label)

    def cls(self, cls, label, owner):
        if id(cls) in self.seen:
            return
        self.seen.add(id(cls))
        self.typed_as(cls, f"{label} (its metaclass)")
        self.cols[15].append(cls)
        self.cols[16].append(cls.__bases__)
        self.labels["cls"].append(f"{label}.__bases__")
        self.mapping(_class_dict(cls), label, owner, holder=cls)

    def snapshot(self, obj, label):
        """An object holding a snapshot (the sandbox's baseline): its attributes, and what
        its dicts, lists, sets and tuples hold, two levels down (a run that edited the
        baseline would have the sandbox hand its edit to every later run)."""
        self.mapping(vars(obj), label)
        for key, value in list(vars(obj).items()):
            self.held(value, f"{label}.{key}", depth=2)

    def held(self, value, label, depth):
        if type(value) is dict:
            self.mapping(value, label)
            inner = list(value.items())
        elif type(value) in (list, set):
            self.table(value, label)
            inner = list(enumerate(value))
        elif type(value) is tuple:
            inner = list(enumerate(value))
        elif type(value).__module__ in _SNAPSHOT_MODULES:
            # the sandbox's own snapshot objects (a module namespace as it was, the state
            # put back in place)
            self.mapping(vars(value), label)
            inner = list(vars(value).items())
        else:
            return
        if depth > 0:
            for key, item in inner:
                self.held(item, f"{label}[{key!r}]", depth - 1)

    def module(self, module, name, tables):
        self.typed_as(module, f"{name} (its type)")
        self.mapping(module.__dict__, name, name)
        if tables:
            for key, value in list(module.__dict__.items()):
                if type(value) is dict:
                    self.mapping(value, f"{name}.{key}")
                elif type(value) is list:
                    self.table(value, f"{name}.{key}")


def take(package, recorder):
    """The seal of what is loaded now: with `recorder`, the modules of the recorder's
    package `package` (their functions, classes and tables); without, the builtins and
    every other module. Returns ``(verify, verify_code, code_of, is_, seal, c, labels)``;
    the host keeps it and after every run asks
    ``is_(code_of(verify), verify_code) and verify(seal, c)``."""
    b = _Builder()
    if not recorder:
        b.mapping(__builtins__ if isinstance(__builtins__, dict) else __builtins__.__dict__,
                  "builtins")
    for name, module in sorted(sys.modules.items()):
        if name in _SKIP_MODULES or not isinstance(module, types.ModuleType):
            continue
        mine = name == package or name.startswith(package + ".")
        if mine == recorder:
            b.module(module, name, tables=mine)
    sandbox = sys.modules.get(f"{package}.sandbox")
    if recorder and sandbox is not None and sandbox._BASELINE:
        b.snapshot(sandbox._BASELINE[0], f"{package}.sandbox baseline")
    seal = tuple(tuple(col) for col in b.cols)
    labels = {k: tuple(v) for k, v in b.labels.items()}
    return (_verify, _verify.__code__, _code, operator.is_, seal, _C, labels)


def _namespaces(s):
    """(namespace, holder, [(key, value)]) for each sealed namespace, lists aside."""
    keys, values = iter(s[3]), iter(s[4])
    for ns, n, holder in zip(s[0], s[1], s[17], strict=True):
        if type(ns) not in (list, set):
            yield ns, holder, [(next(keys), next(values)) for _ in range(n)]


def restore(sealed):
    """Put back what a run changed in place, as far as Python allows (the host verifies
    again afterwards)."""
    s = sealed[4]
    for ns, holder, saved in _namespaces(s):
        if len(ns) == len(saved) and all(ns.get(k, _MISSING) is v for k, v in saved):
            continue
        if type(holder) is dict:
            holder.clear()
            holder.update(saved)
            continue
        known = {k for k, _v in saved}
        for k in [k for k in ns if k not in known]:
            delattr(holder, k)
        for k, v in saved:
            if ns.get(k, _MISSING) is not v:
                setattr(holder, k, v)
    items = iter(s[6])
    for lst, n in zip(s[0], s[1], strict=True):
        if type(lst) in (list, set):  # a set's items are consumed too, to stay aligned
            saved = [next(items) for _ in range(n)]
            changed = len(lst) != n or any(a is not b for a, b in zip(lst, saved, strict=False))
            if type(lst) is list and changed:
                lst[:] = saved
    for fn, code, dflt, kw in zip(s[7], s[8], s[9], s[10], strict=True):
        if fn.__code__ is not code:
            fn.__code__ = code
        if fn.__defaults__ is not dflt:
            fn.__defaults__ = dflt
        if fn.__kwdefaults__ is not kw:
            fn.__kwdefaults__ = kw
    for cell, contents in zip(s[11], s[12], strict=True):
        cell.cell_contents = contents
    for obj, tp in zip(s[13], s[14], strict=True):
        if type(obj) is not tp:
            obj.__class__ = tp
    for cls, bases in zip(s[15], s[16], strict=True):
        if cls.__bases__ is not bases:
            cls.__bases__ = bases


def locate(sealed):
    """What the first failing check is about, for the message (None if nothing failed)."""
    s, labels = sealed[4], sealed[6]
    for ns, n, label in zip(s[0], s[1], labels["sized"], strict=True):
        if len(ns) != n:
            return label
    for get, key, value, label in zip(s[2], s[3], s[4], labels["key"], strict=True):
        if get(key, _MISSING) is not value:
            return label
    checks = (
        (s[7], lambda fn, i: fn.__code__ is s[8][i] and fn.__defaults__ is s[9][i]
         and fn.__kwdefaults__ is s[10][i], labels["fn"]),
        (s[11], lambda cell, i: cell.cell_contents is s[12][i], labels["cell"]),
        (s[13], lambda obj, i: type(obj) is s[14][i], labels["typed"]),
        (s[15], lambda cls, i: cls.__bases__ is s[16][i], labels["cls"]),
    )
    for objs, holds, names in checks:
        for i, obj in enumerate(objs):
            try:
                if not holds(obj, i):
                    return names[i]
            except ValueError:
                return names[i]
    items = iter(s[6])
    for lst, n, label in zip(s[0], s[1], labels["sized"], strict=True):
        if type(lst) in (list, set):
            saved = [next(items) for _ in range(n)]
            if any(a is not b for a, b in zip(lst, saved, strict=False)):
                return label
    return None
