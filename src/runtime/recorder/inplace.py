"""Interpreter-wide state that a run can change in place, where the module namespaces the
sandbox puts back do not look: attributes set on the standard library's shared
instances (``json.loads`` goes through ``json._default_decoder``, ``random.random``
through ``random._inst``), the regular-expression cache, ``gc.callbacks``, the
async-generator hooks, ``sys.monitoring`` tools, and audit hooks, which cannot be
removed once added, so ``sys.addaudithook`` is taken away before any run.

What a run can still leave behind lies below Python (memory written through ``ctypes``,
a codec registered with ``codecs.register``): the Node-side tools record each lesson in
an interpreter of its own, and docs/reliability.md lists these limits."""

import gc
import json
import random
import re
import sys

# The shared instances whose attributes every later run goes through.
_INSTANCES = (json._default_decoder, json._default_encoder, random._inst)
_MONITORING_TOOLS = range(6)


def remove_audit_hooks_entry():
    """No run may add an audit hook (it would run inside every later run's callbacks and
    could never be removed): the function goes before the baseline is taken."""
    if hasattr(sys, "addaudithook"):
        del sys.addaudithook


class InPlaceState:
    """The state above as the baseline found it, and how to put it back."""

    def __init__(self):
        self.instances = [(obj, type(obj), dict(vars(obj))) for obj in _INSTANCES]
        self.gc_callbacks = list(gc.callbacks)
        self.asyncgen_hooks = sys.get_asyncgen_hooks()
        self.tools = [sys.monitoring.get_tool(i) for i in _MONITORING_TOOLS]

    def restore(self):
        # Without calling anything a run could have given them: the class put back first
        # (a run may have swapped it for its own subclass), then a fresh attribute dict
        # (a run may have swapped in a dict of its own), never `==` on what it left.
        for obj, cls, saved in self.instances:
            if type(obj) is not cls:
                object.__setattr__(obj, "__class__", cls)
            object.__setattr__(obj, "__dict__", dict(saved))
        gc.callbacks[:] = self.gc_callbacks
        sys.set_asyncgen_hooks(*self.asyncgen_hooks)
        re.purge()
        mon = sys.monitoring
        for tool, name in zip(_MONITORING_TOOLS, self.tools, strict=True):
            now = mon.get_tool(tool)
            if now is name or (type(now) is str and type(name) is str and now == name):
                continue
            mon.clear_tool_id(tool)  # its events and callbacks too
            mon.free_tool_id(tool)
            if name is not None:
                mon.use_tool_id(tool, name)
