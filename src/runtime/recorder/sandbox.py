"""Isolation of one run: what lesson code may not reach (the network, host processes)
and the interpreter-wide state a run may change, saved before it and put back after
it, so that every run starts from the same interpreter state whatever ran before it
(another panel or scenario, recorded in the background, in any order).

Python has no real sandbox: the refusals here give lesson code a clear, ordinary
error for the ordinary ways in. What holds against code that undoes them lives
outside Python: the browser worker (no host; request APIs removed) and, in Node, a
child process under Node's permission model (src/runtime/sandbox/runner.ts).
"""

import builtins
import gc
import importlib
import os
import random
import sys
import types
import warnings
from operator import is_

from .counters import install as install_counters
from .decimals import DECIMAL_TEMPLATES, context_state, set_context_state
from .files import forget_listings, restore_files, snapshot_files
from .finalize import finalize_run
from .hostguard import refuse_host_processes
from .inplace import InPlaceState, note_codec_changes_entry, remove_audit_hooks_entry
from .modules import ON_WRITE, LessonModule

BLOCKED_MODULE_PREFIXES = (
    "js", "pyodide", "pyodide_js", "_pyodide", "micropip", "socket", "_socket", "ssl",
    "urllib.request", "http.client", "ftplib", "smtplib", "poplib", "imaplib",
    "xmlrpc.client", "webbrowser",
)

# Standard modules imported once, before the first run: their state is part of the
# baseline every run starts from, not imported afresh by each run that needs them.
PRELOADED = (
    "abc", "collections", "copy", "copyreg", "dataclasses", "decimal", "enum",
    "functools", "heapq", "io", "itertools", "json", "math", "operator", "random",
    "re", "reprlib", "string", "textwrap", "types", "typing", "warnings",
    # The compiler imports it for a name that is not ASCII (`名字 = 1`), to normalise it.
    "unicodedata",
)

# Namespaces that belong to whoever hosts the recorder (Pyodide runs its own code in
# __main__), not to lesson code, which runs in namespaces of its own.
HOST_NAMESPACES = frozenset(("__main__",))


# Frames the recorder's callbacks may use on top of the program's deepest frame: while a
# program runs, the interpreter's recursion limit is the program's plus this, and the
# recorder raises the program's RecursionError at the program's own limit
# (monitor.Recorder.on_start), where plain Python would.
HEADROOM = 100

_getrecursionlimit = sys.getrecursionlimit
_setrecursionlimit = sys.setrecursionlimit

_BLOCKED_NAMES = frozenset(BLOCKED_MODULE_PREFIXES)
_BLOCKED_PARENTS = tuple(prefix + "." for prefix in BLOCKED_MODULE_PREFIXES)


def is_blocked(name):
    return name in _BLOCKED_NAMES or name.startswith(_BLOCKED_PARENTS)


class NetworkBlocker:
    """Meta-path finder that refuses every module able to reach the network."""

    def find_spec(self, name, path=None, target=None):
        if is_blocked(name):
            raise ImportError(
                f"module '{name}' is disabled: code in this playground cannot reach the network"
            )
        return None


def _reset_warnings_registries():
    """Make every module's ``__warningregistry__`` stale, so a warning shown "once"
    shows again in the next run, as it would in a fresh interpreter."""
    mutated = getattr(warnings, "_filters_mutated_lock_held", None) or getattr(
        warnings, "_filters_mutated", None
    )
    if mutated is not None:
        try:
            mutated()
        except RuntimeError:  # 3.14's lock-held variant outside its lock
            with warnings._lock:
                mutated()


def _tables():
    """The lists and dicts of the import system, `warnings` and `copyreg` that the baseline
    copies and puts back whole, looked up afresh (a run may rebind the names: the module
    namespaces, put back first, bring the objects back)."""
    import copyreg

    return (sys.meta_path, sys.path, sys.path_hooks, sys.path_importer_cache,
            warnings.filters, copyreg.dispatch_table)


class InterpreterState:
    """The interpreter as a run found it, and how to put it back. Taken once, when the
    recorder is installed, and restored after every run."""

    def __init__(self):
        for name in PRELOADED:
            importlib.import_module(name)
        self.recursion_limit = sys.getrecursionlimit()
        self.int_digits = sys.get_int_max_str_digits()
        self.builtins = _Namespace(builtins.__dict__)
        self.tables = tuple(type(t)(t) for t in _tables())  # copies, put back whole
        self.modules = dict(sys.modules)
        # Shallow copies of every loaded module's namespace (json.dumps = ... is undone).
        self.namespaces = {name: _Namespace(m.__dict__) for name, m in self.modules.items()
                           if isinstance(m, types.ModuleType) and name not in HOST_NAMESPACES}
        self.environ = dict(os.environ)
        self.cwd = os.getcwd()
        self.random = random.getstate()
        self.gc = (gc.isenabled(), gc.get_threshold())
        import decimal

        # Tuples of what the contexts hold, not Context objects: a run that reached this
        # snapshot could change a Context's fields in place, and the seal sees identities.
        self.decimal_context = context_state(decimal.getcontext())
        self.decimal_templates = tuple(
            (name, context_state(getattr(decimal, name))) for name in DECIMAL_TEMPLATES
        )
        self.files = snapshot_files()
        forget_listings()  # as every restore leaves them
        # The containers this class puts back (and the import system's own locks, which it
        # drops as their weak references die) are not InPlaceState's.
        owned = (sys.modules, *_tables(), importlib._bootstrap._module_locks)
        self.in_place = InPlaceState(is_blocked, owned)

    def restore(self):
        sys.settrace(None)
        sys.setprofile(None)
        # The module namespaces first: `sys` itself (stdout, excepthook, ...) included.
        modules = sys.modules
        for name in [n for n in modules if n not in self.modules and not is_blocked(n)]:
            del modules[name]  # imported during the run: imported afresh when needed
        for name, module in self.modules.items():
            if modules.get(name) is not module:
                modules[name] = module
            saved = self.namespaces.get(name)
            if saved is not None:
                saved.restore(module.__dict__)
        sys.setrecursionlimit(self.recursion_limit)
        sys.set_int_max_str_digits(self.int_digits)
        self.builtins.restore(builtins.__dict__)
        for live, saved in zip(_tables(), self.tables, strict=True):
            if type(saved) is list:
                live[:] = saved
            else:
                live.clear()
                live.update(saved)
        _reset_warnings_registries()
        if os.environ != self.environ:
            os.environ.clear()
            os.environ.update(self.environ)
        os.chdir(self.cwd)
        restore_files(self.files)
        self.in_place.restore()
        random.setstate(self.random)
        enabled, threshold = self.gc
        gc.set_threshold(*threshold)
        (gc.enable if enabled else gc.disable)()
        import decimal

        # The templates (`Context()` copies DefaultContext), then a fresh thread context.
        for name, state in self.decimal_templates:
            set_context_state(getattr(decimal, name), state)
        context = decimal.Context()
        set_context_state(context, self.decimal_context)
        decimal.setcontext(context)
        forget_listings()

    def adopt_new_modules(self):
        """Modules imported between runs (by the recorder or its host, never by lesson
        code) join the baseline, so that a run removes only what it imported itself.
        Returns how many joined (the host then seals the new baseline: src/runtime/seal.ts)."""
        added = 0
        for name, module in list(sys.modules.items()):
            if name not in self.modules:
                added += 1
                self.modules[name] = module
                if isinstance(module, types.ModuleType) and name not in HOST_NAMESPACES:
                    self.namespaces[name] = _Namespace(module.__dict__)
        self.in_place.abcs.adopt()
        return added


def adopt():
    """Called by the host before each run, while nothing of a lesson runs: the modules
    imported since the last run join the baseline (see `adopt_new_modules`)."""
    return baseline().adopt_new_modules()


class RecursionLimit:
    """The recursion limit as the program sees it (`sys.getrecursionlimit()` and
    `sys.setrecursionlimit()` during a run), `HEADROOM` below the interpreter's."""

    def __init__(self):
        self.limit = _getrecursionlimit()
        _setrecursionlimit(self.limit + HEADROOM)

    def get(self):
        return self.limit

    def set(self, limit):
        _setrecursionlimit(limit)  # the interpreter's own checks and errors
        _setrecursionlimit(limit + HEADROOM)
        self.limit = limit


class _Namespace:
    """A module namespace as it was, and the cheap test of whether it still is: the
    same keys in the same order bound to the same objects (identity, never ==, which
    could run a lesson's __eq__)."""

    def __init__(self, namespace):
        self.items = dict(namespace)
        self.keys = tuple(namespace)
        self.values = tuple(namespace.values())

    def restore(self, namespace):
        if (
            len(namespace) == len(self.keys)
            and tuple(namespace) == self.keys
            and all(map(is_, namespace.values(), self.values, strict=True))
        ):
            return
        namespace.clear()
        namespace.update(self.items)


# Holds the baseline; a list, so that taking it does not change this module's
# namespace (which the baseline itself records).
_BASELINE = []


def baseline():
    """The interpreter state every run starts from (taken on first use)."""
    if not _BASELINE:
        refuse_host_processes()
        install_counters()  # before the baseline records the namespaces that hold them
        remove_audit_hooks_entry()
        note_codec_changes_entry()
        _BASELINE.append(None)
        _BASELINE[0] = InterpreterState()
    return _BASELINE[0]


class Sandbox:
    """One run's isolation: `enter(output)` before its code runs, `leave()` after."""

    def __init__(self):
        self.saved_out = None
        self.saved_err = None
        self.stashed = {}
        self.created_modules = []
        self.builtins = None
        self.recursion = None

    def enter(self, output, on_module_write=None):
        """Isolate the run; `on_module_write` is told of every attribute set or delete
        on the run's own modules (modules.LessonModule). What the host imported since the
        last run has joined the baseline already (`adopt`, before the run compiled
        anything): a module compiling the lesson imported is the run's."""
        state = baseline()
        refuse_host_processes()
        self.saved_out, self.saved_err = sys.stdout, sys.stderr
        # Lesson code gets its own copy of the builtins (and `import builtins` gives that
        # copy): `builtins.len = ...` changes the lesson's len, never the recorder's.
        self.builtins = types.ModuleType("builtins", builtins.__doc__)
        self.builtins.__dict__.update(state.builtins.items)
        sys.modules["builtins"] = self.builtins
        # Modules able to reach the network that are already loaded are taken out of
        # sys.modules for the run, so `import js` goes through the blocker.
        self.stashed = {n: m for n, m in sys.modules.items() if is_blocked(n)}
        for name in self.stashed:
            sys.modules.pop(name, None)
        sys.meta_path.insert(0, NetworkBlocker())
        sys.stdout = sys.stderr = output
        self.recursion = RecursionLimit()
        ON_WRITE[0] = on_module_write
        sys.getrecursionlimit = self.recursion.get
        sys.setrecursionlimit = self.recursion.set

    def namespace(self, **names):
        """The namespace the setup, scenario script and entry share: the globals of this
        run's own `__main__` module (`import __main__`, pickle and `unittest.main()` find
        the lesson's names there). The host's `__main__` is put back by `leave()`."""
        module = LessonModule("__main__")
        module.__builtins__ = self.builtins.__dict__
        module.__dict__.update(names)
        sys.modules["__main__"] = module
        return module.__dict__

    def new_module(self, name, path):
        """A lesson source file's module, registered in sys.modules for this run only."""
        module = LessonModule(name)
        module.__file__ = path
        module.__builtins__ = self.builtins.__dict__
        sys.modules[name] = module
        self.created_modules.append(name)
        return module

    def leave(self, codes):
        """End the run whose code objects are `codes` (finalize.py)."""
        ON_WRITE[0] = None
        sys.stdout, sys.stderr = self.saved_out, self.saved_err
        for name in self.created_modules:
            sys.modules.pop(name, None)
        self.builtins = None  # the run's copy, and what the run left in it
        finalize_run(codes, baseline().restore)  # (puts `builtins` back, the blocker out)
        sys.modules.update(self.stashed)
