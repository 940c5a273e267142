"""The dicts, lists and sets that modules keep at their top level: dispatch tables
(``copy._deepcopy_dispatch``: every later ``copy.deepcopy`` of a list goes through it),
lookup tables (``json.decoder._CONSTANTS``, ``locale.locale_alias``), registries and
caches. The sandbox puts a module's names back by identity, so a run that changed one of
these in place (``copy._deepcopy_dispatch[list] = ...``) changed it for every later run.
Their items are saved when the baseline is taken and put back after every run.

Read and put back without calling anything a run could have given them: a live container
is compared with its saved items by iterating it (no hashing, no ``==``); a dict or a set
is refilled from a saved copy of the same type, which copies the stored hashes.
"""

import sys
import types
from operator import is_

# The recorder's own package: its tables are its own (and sealed, seal.py).
_PACKAGE = __name__.rpartition(".")[0]


def _skipped(name, host):
    return name == "__main__" or name == _PACKAGE or name.startswith(_PACKAGE + ".") or host(name)


class ModuleContainers:
    """Each top-level dict, list and set of the modules loaded now, with its items."""

    def __init__(self, host, owned):
        """`host(name)`: a module of whoever runs the recorder (Pyodide), left alone;
        `owned`: containers something else puts back (the sandbox's `sys.modules`)."""
        seen = {id(obj) for obj in owned}
        saved = []
        for name, module in list(sys.modules.items()):
            if not isinstance(module, types.ModuleType) or _skipped(name, host):
                continue
            for value in list(vars(module).values()):
                tp = type(value)
                if (tp is dict or tp is list or tp is set) and id(value) not in seen:
                    seen.add(id(value))
                    items = tuple(value.items()) if tp is dict else tuple(value)
                    copy = None if tp is list else (dict if tp is dict else frozenset)(value)
                    saved.append((value, items, copy))
        # A tuple of tuples: nothing a run could edit in place (the seal holds `saved`
        # itself, seal.py); a dict's copy is checked against its items before use.
        self.saved = tuple(saved)

    def restore(self):
        for live, items, copy in self.saved:
            if _unchanged(live, items):
                continue
            if type(live) is list:
                live[:] = items
                continue
            live.clear()
            # the copy, unless a run reached it too: then the items (hashed again)
            live.update(copy if _unchanged(copy, items) else items)


def _unchanged(container, items):
    if len(container) != len(items):
        return False
    if type(container) is dict:
        pairs = zip(container.items(), items, strict=True)
        return all(a is c and b is d for (a, b), (c, d) in pairs)
    return all(map(is_, container, items, strict=True))
