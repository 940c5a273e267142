"""Counters of the standard library that number what a program makes, shared by every run:
``threading``'s thread names (*Thread-1*, *Thread-2*, ...) and ``weakref.finalize``'s
order. A run that made three threads would leave the next run's first one named
*Thread-4*, where a fresh interpreter says *Thread-1*. Before the baseline is taken, each
``itertools.count`` a loaded standard module holds (as a module attribute, or an attribute
of one of its classes, or the bound ``__next__`` of one) is replaced by a
:class:`RunCounter` that counts on from where it stood, and the sandbox sets every one back
after each run (inplace.py). A module a run imports is dropped after it, counters and all.

asyncio's *Task-N* names are counted inside its C module, out of reach: asyncloop.py names
a run's tasks itself.
"""

import itertools
import sys
import types

_count = itertools.count
_INSTALLED = []
_STDLIB = sys.stdlib_module_names


class RunCounter:
    """Counts as ``itertools.count(start, step)`` does, and can be set back to its start."""

    __slots__ = ("start", "step", "value")

    def __init__(self, start, step):
        self.start = self.value = start
        self.step = step

    def __iter__(self):
        return self

    def __next__(self):
        value = self.value
        self.value = value + self.step
        return value

    def __repr__(self):
        return f"count({self.value})" if self.step == 1 else f"count({self.value}, {self.step})"

    def reset(self):
        self.value = self.start


def _replacement(value):
    """What replaces `value` if it is a counter with whole numbers: a RunCounter, or its
    bound ``__next__`` for a count's; else None."""
    counter = value if type(value) is _count else getattr(value, "__self__", None)
    if type(counter) is not _count:
        return None
    start, _, step = repr(counter)[len("count("):-1].partition(", ")
    try:  # a count shows its state only in its repr: count(5) or count(5, 2)
        new = RunCounter(int(start), int(step) if step else 1)
    except ValueError:  # a float count: left alone
        return None
    return new if counter is value else new.__next__


def install():
    """Replace the counters of every loaded module (see above), once."""
    if _INSTALLED:
        return
    for name, module in list(sys.modules.items()):
        # The standard library's only: not the recorder's, nor its host's (Pyodide's own
        # modules may number what the page relies on)
        if not isinstance(module, types.ModuleType) or name.partition(".")[0] not in _STDLIB:
            continue
        owners = [module, *(v for v in vars(module).values()
                            if isinstance(v, type) and v.__module__ == name)]
        for owner in owners:
            for key, value in list(vars(owner).items()):
                new = _replacement(value)
                if new is not None:
                    setattr(owner, key, new)
                    _INSTALLED.append(getattr(new, "__self__", new))


def reset():
    """Set every installed counter back to where it stood at the baseline."""
    for counter in _INSTALLED:
        counter.reset()
