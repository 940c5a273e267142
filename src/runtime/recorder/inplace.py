"""Interpreter-wide state that a run can change in place, where the module namespaces the
sandbox puts back do not look: the tables and the shared instances modules hold
(containers.py: ``json.loads`` goes through ``json._default_decoder``, ``copy.deepcopy``
through ``copy._deepcopy_dispatch``), the abstract base classes' registries (abcs.py),
the regular-expression cache, ``gc.callbacks``, the async-generator hooks,
``sys.monitoring`` tools, the C library's and interpreter's own settings (the
file-creation mask, the locale, the thread switch interval, coroutine origin tracking,
objects frozen out of the collector, the collector's debug flags, tracemalloc), the
functions registered with ``atexit`` (a later run's ``atexit._run_exitfuncs()`` would call
them), the codec registry's search functions and error handlers (which cannot be listed,
so what a run registers or unregisters is noted as it does it:
`note_codec_changes_entry`), and audit hooks, which cannot be removed once added, so
``sys.addaudithook`` is taken away before any run.

What a run can still leave behind lies below Python (memory written through ``ctypes``):
the Node-side tools record each lesson in an interpreter of its own, and
docs/reliability.md lists these limits."""

import _codecs
import _locale
import _tracemalloc
import atexit
import codecs
import gc
import os
import re
import sys

from .abcs import AbcRegistries
from .containers import ModuleContainers
from .counters import reset as reset_counters

_MONITORING_TOOLS = tuple(range(6))
# C functions, taken before any run: a run may rebind the names (put back before these are
# called) or rewrite `locale.setlocale`, a Python function, which is why `_locale`'s is used.
_umask = os.umask
_setlocale = _locale.setlocale
_LC_ALL = _locale.LC_ALL
_getswitchinterval = sys.getswitchinterval
_setswitchinterval = sys.setswitchinterval
_get_origin_depth = sys.get_coroutine_origin_tracking_depth
_set_origin_depth = sys.set_coroutine_origin_tracking_depth
_freeze_count = gc.get_freeze_count
_unfreeze = gc.unfreeze
_gc_debug = gc.get_debug
_set_gc_debug = gc.set_debug
_tracing = _tracemalloc.is_tracing
_stop_tracing = _tracemalloc.stop
_exit_clear = atexit._clear
_exit_register = atexit.register
_codec_register = _codecs.register
_codec_unregister = _codecs.unregister
_lookup_error = _codecs.lookup_error
_register_error = _codecs.register_error
_unregister_error = _codecs._unregister_error

# What runs did to the codec registry since the baseline, undone after each run
# (InPlaceState.restore): search functions registered, search functions unregistered, and
# error handler names registered with the handler each had before (None: none).
_CODECS_ADDED = []
_CODECS_REMOVED = []
_ERRORS_SET = []


def _register(search_function, /):
    _codec_register(search_function)
    _CODECS_ADDED.append(search_function)


def _unregister(search_function, /):
    _codec_unregister(search_function)
    _CODECS_REMOVED.append(search_function)


def _register_error_noted(name, error_handler, /):
    try:
        before = _lookup_error(name)
    except LookupError:
        before = None
    _register_error(name, error_handler)
    _ERRORS_SET.append((name, before))


def note_codec_changes_entry():
    """Before the baseline: `codecs.register`, `unregister` and `register_error` (and
    `_codecs`') note what a run changes in the registry, which cannot be listed."""
    for mine, theirs in ((_register, _codec_register), (_unregister, _codec_unregister),
                         (_register_error_noted, _register_error)):
        mine.__name__ = mine.__qualname__ = theirs.__name__
        mine.__doc__ = theirs.__doc__
        setattr(_codecs, theirs.__name__, mine)
        setattr(codecs, theirs.__name__, mine)


def _restore_codecs():
    """Undo the runs' changes to the codec registry, newest first. A search function the
    run unregistered goes back only if it was Python's own (`encodings`); unregistering
    clears the registry's cache of looked-up codecs."""
    while _CODECS_ADDED:
        _codec_unregister(_CODECS_ADDED.pop())
    stdlib = getattr(sys.modules.get("encodings"), "search_function", None)
    while _CODECS_REMOVED:
        if _CODECS_REMOVED.pop() is stdlib and stdlib is not None:
            _codec_unregister(stdlib)  # once at most, whatever the run did
            _codec_register(stdlib)
    while _ERRORS_SET:
        name, before = _ERRORS_SET.pop()
        if before is not None:
            _register_error(name, before)
        else:
            _unregister_error(name)


def _exit_functions():
    """The functions registered with `atexit` now, if all of them can be named (the
    registry cannot be listed): logging's shutdown, which importing logging registers.
    None when some other function is registered."""
    known = []
    logging = sys.modules.get("logging")
    count = atexit._ncallbacks()
    if logging is not None and count:
        atexit.unregister(logging.shutdown)
        if atexit._ncallbacks() == count - 1:
            known.append(logging.shutdown)
    complete = atexit._ncallbacks() == 0
    for fn in known:
        atexit.register(fn)
    return tuple(known) if complete else None


def remove_audit_hooks_entry():
    """No run may add an audit hook (it would run inside every later run's callbacks and
    could never be removed): the function goes before the baseline is taken."""
    if hasattr(sys, "addaudithook"):
        del sys.addaudithook


class InPlaceState:
    """The state above as the baseline found it, and how to put it back, with the modules'
    top-level containers (containers.py) but for `owned`, which the sandbox puts back
    itself, and for the modules of `host(name)`."""

    def __init__(self, host, owned):
        self.containers = ModuleContainers(host, (*owned, re._cache, re._cache2, gc.callbacks))
        self.exit_functions = _exit_functions()
        self.abcs = AbcRegistries()
        self.gc_callbacks = list(gc.callbacks)
        self.asyncgen_hooks = sys.get_asyncgen_hooks()
        self.tools = [sys.monitoring.get_tool(i) for i in _MONITORING_TOOLS]
        self.umask = _umask(0)
        _umask(self.umask)
        self.locale = _setlocale(_LC_ALL)
        self.switch_interval = _getswitchinterval()
        self.origin_depth = _get_origin_depth()
        self.frozen = _freeze_count()
        self.gc_debug = _gc_debug()
        self.tracing = _tracing()

    def restore(self):
        reset_counters()
        gc.callbacks[:] = self.gc_callbacks
        sys.set_asyncgen_hooks(*self.asyncgen_hooks)
        _restore_codecs()
        self.abcs.restore()
        self.containers.restore()
        re.purge()
        if self.exit_functions is not None:  # what a run registered goes with it
            _exit_clear()
            for fn in self.exit_functions:
                _exit_register(fn)
        _umask(self.umask)
        if _setlocale(_LC_ALL) != self.locale:
            _setlocale(_LC_ALL, self.locale)
        _setswitchinterval(self.switch_interval)
        _set_origin_depth(self.origin_depth)
        if _freeze_count() != self.frozen and self.frozen == 0:
            _unfreeze()  # back among the collector's objects, as before the run
        if _gc_debug() != self.gc_debug:
            _set_gc_debug(self.gc_debug)
        if _tracing() and not self.tracing:
            _stop_tracing()  # tracemalloc.start() would trace every later run's allocations
        mon = sys.monitoring
        for tool, name in zip(_MONITORING_TOOLS, self.tools, strict=True):
            now = mon.get_tool(tool)
            if now is name or (type(now) is str and type(name) is str and now == name):
                continue
            mon.clear_tool_id(tool)  # its events and callbacks too
            mon.free_tool_id(tool)
            if name is not None:
                mon.use_tool_id(tool, name)
