"""The Python half of the sandbox, the same in the browser worker and in Node.

Python has no real sandbox: this module gives lesson code a clear, ordinary error
(a ``PermissionError`` at its own line) for the ordinary ways of reaching the host,
so that a lesson that tries is told why. The barriers that hold even against code
that undoes these patches are outside Python: the browser worker (no host, no
request APIs) and, in Node, a child process under Node's permission model
(src/runtime/sandbox/runner.ts), where a bypass becomes a Pyodide fatal error.

An audit hook (``sys.addaudithook``) would also catch ``importlib.reload(posix)``,
but it is called for every audited event, including the ``sys._getframe`` the
recorder makes at every step: it would cost about a third of a microsecond per
event.
"""

import importlib
import sys

# (module name, attribute names) of every function that starts, replaces or signals
# a host process.
_PROCESS_FUNCTIONS = (
    ("os", ("system", "popen", "fork", "forkpty", "kill", "killpg", "posix_spawn",
            "posix_spawnp", "execv", "execve", "execl", "execle", "execlp", "execlpe",
            "execvp", "execvpe", "spawnv", "spawnve", "spawnl", "spawnle", "spawnlp",
            "spawnlpe", "spawnvp", "spawnvpe", "startfile", "pidfd_open")),
    ("posix", ("system", "fork", "forkpty", "kill", "killpg", "posix_spawn",
               "posix_spawnp", "execv", "execve", "pidfd_open")),
    ("_posixsubprocess", ("fork_exec",)),
    ("pty", ("fork", "spawn")),
)

# One refusing function per name, made once.
_REFUSALS = {}


def _refusal(qualname):
    def refused(*args, **kwargs):
        raise PermissionError(
            f"{qualname}() is disabled in this playground: lesson code cannot run "
            f"commands or start processes on the host"
        )

    refused.__name__ = qualname.rsplit(".", 1)[-1]
    refused.__qualname__ = qualname
    return refused


def refuse_host_processes():
    """Replace every host-process function with one that raises PermissionError.

    Called once at start-up and again before every run, so a run that put an original
    back does not hand it to the next one."""
    for module_name, names in _PROCESS_FUNCTIONS:
        module = sys.modules.get(module_name)
        if module is None:
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                continue
        for name in names:
            if hasattr(module, name):
                key = f"{module_name}.{name}"
                refusal = _REFUSALS.get(key)
                if refusal is None:  # (made once: a run's start makes no functions)
                    refusal = _REFUSALS[key] = _refusal(key)
                setattr(module, name, refusal)


def install():
    """Apply the sandbox (see the module comment)."""
    refuse_host_processes()


