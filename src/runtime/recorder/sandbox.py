"""Isolation of one run: what lesson code may not reach (the network) and the
interpreter-wide state a run may change, saved before it and put back after it, so
that the next run (another panel or scenario, recorded in the background) does not
inherit it."""

import builtins
import sys
import types

BLOCKED_MODULE_PREFIXES = (
    "js", "pyodide", "pyodide_js", "_pyodide", "micropip", "socket", "_socket", "ssl",
    "urllib.request", "http.client", "ftplib", "smtplib", "poplib", "imaplib",
    "xmlrpc.client", "webbrowser",
)


def is_blocked(name):
    for prefix in BLOCKED_MODULE_PREFIXES:
        if name == prefix or name.startswith(prefix + "."):
            return True
    return False


class NetworkBlocker:
    """Meta-path finder that refuses every module able to reach the network."""

    def find_spec(self, name, path=None, target=None):
        if is_blocked(name):
            raise ImportError(
                f"module '{name}' is disabled: code in this playground cannot reach the network"
            )
        return None


class InterpreterState:
    """What a run may change for the whole interpreter, saved and put back: limits,
    the builtins, and the import system (a lesson that empties sys.meta_path would
    otherwise break every later run). Changes to stdlib modules' contents stay."""

    def __init__(self):
        self.recursion_limit = sys.getrecursionlimit()
        self.int_digits = sys.get_int_max_str_digits()
        self.builtins = dict(builtins.__dict__)
        self.meta_path = list(sys.meta_path)
        self.path = list(sys.path)
        self.path_hooks = list(sys.path_hooks)

    def restore(self):
        sys.setrecursionlimit(self.recursion_limit)
        sys.set_int_max_str_digits(self.int_digits)
        if builtins.__dict__ != self.builtins:
            builtins.__dict__.clear()
            builtins.__dict__.update(self.builtins)
        sys.meta_path[:] = self.meta_path
        sys.path[:] = self.path
        sys.path_hooks[:] = self.path_hooks


class Sandbox:
    """The lifetime of one run's isolation: `enter(output)` before the lesson's code
    runs, `leave()` after it (always, in a ``finally``)."""

    def __init__(self):
        self.saved_state = None
        self.saved_out = None
        self.saved_err = None
        self.stashed = {}
        self.created_modules = []

    def enter(self, output):
        self.saved_out, self.saved_err = sys.stdout, sys.stderr
        self.saved_state = InterpreterState()
        # Modules able to reach the network that are already loaded are taken out of
        # sys.modules for the run, so `import js` goes through the blocker.
        self.stashed = {n: m for n, m in sys.modules.items() if is_blocked(n)}
        for name in self.stashed:
            sys.modules.pop(name, None)
        sys.meta_path.insert(0, NetworkBlocker())
        sys.stdout = sys.stderr = output

    def new_module(self, name, path):
        """A lesson source file's module, registered in sys.modules for this run only."""
        module = types.ModuleType(name)
        module.__file__ = path
        sys.modules[name] = module
        self.created_modules.append(name)
        return module

    def leave(self):
        sys.stdout, sys.stderr = self.saved_out, self.saved_err
        self.saved_state.restore()  # also takes the blocker out of sys.meta_path
        sys.modules.update(self.stashed)
        for name in self.created_modules:
            sys.modules.pop(name, None)
