"""The module type of a run's own modules: each lesson file's, and the run's `__main__`.

Module frames compare only the names a line stores (lines.py), and a line that can reach
a namespace without naming it says so in its bytecode. But code the recorder does not
trace can rebind a lesson module's global through `setattr` with no such line:
`unittest.mock.patch("__main__.x", 2)` does it inside the standard library. A
`LessonModule` tells the recorder of every attribute set or delete on it, whoever makes
it, and the recorder then looks at every namespace at its next event
(`Recorder.module_written`). Its type is named `module`, as a plain module's is.
"""

import types

from .config import plain_types

_set = types.ModuleType.__setattr__
_delete = types.ModuleType.__delattr__

# The run's `Recorder.module_written` while a run is on (sandbox.Sandbox), else None.
ON_WRITE = [None]


class LessonModule(types.ModuleType):
    """A module that tells the recorder when one of its attributes changes."""

    __slots__ = ()

    def __setattr__(self, name, value):
        _set(self, name, value)
        hook = ON_WRITE[0]
        if hook is not None:
            hook()

    def __delattr__(self, name):
        _delete(self, name)
        hook = ON_WRITE[0]
        if hook is not None:
            hook()


LessonModule.__name__ = LessonModule.__qualname__ = "module"
LessonModule.__module__ = "builtins"

# The types of a module object: `type(t := type(obj)) is type and t in MODULE_TYPES`
# (config.plain_types), never `isinstance` (which would ask a lesson object's `__class__`).
MODULE_TYPES = plain_types((types.ModuleType, LessonModule))
