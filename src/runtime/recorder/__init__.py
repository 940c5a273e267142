"""Execution recorder for the playground (installed in Pyodide as ``wpt_recorder``).

Runs a lesson's Python files (sources, setup, scenario script, entry) exactly as
written and records what happens with ``sys.monitoring`` (PEP 669): one event per
function start, line, return and exception in *lesson* code only.  Library code
(``copy.deepcopy`` and friends) is never instrumented, which is what makes this
recorder cheap enough for million-event traces.

The trace is columnar so that the browser can keep a million events in a few
dozen megabytes and step anywhere without decoding anything:

* one fixed-width row per event, stored in ``array`` columns (serialise.ROW_COLUMNS);
* local variables are stored as *changes* (name, value) per event, never as full
  snapshots;
* values are interned: each distinct rendered value is stored once in a table
  and referred to by index; mutable objects carry a small stable object id so
  that aliasing and copies are visible;
* output is one string; each event stores how much of it existed at that point.

Modules: config (constants), render (text of a value; library: the library types it
trusts, as type objects), values (the value table), sandbox (isolation of a run; files:
the filesystem a run may change; hostguard: no host processes; modules: the type of the
run's own modules), output (stdout capture), probes (conditions and logpoints), lines
(what a line can touch), monitor (the callbacks), scopes (what is kept about a frame
between its events), events (one event's row, and the LINE callback), hotpath (what an
event looks at), serialise (the trace format), tracebacks (errors), session (one run).

``record(request)`` runs a request (a dict) to its end (no lesson code runs after
it returns) and ``write(ran)`` turns what it returns into
``(meta_json, columns_bytes)``.  The JSON layout
is documented in docs/trace-format.md and read by src/trace/meta.ts and
src/trace/columns.ts.
"""

import json

from . import config, seal  # seal: part of the package before the baseline is taken
from .sandbox import baseline
from .session import run, write

__all__ = ["config", "record", "seal", "write"]


_loads = json.loads  # a private reference: a lesson's json.loads = ... never reaches it


def record(request):
    """Run one request (a dict, see docs/trace-format.md; or its JSON text, as the bench
    hands it to every recorder it compares) to its end; ``write`` gives its trace."""
    return run(_loads(request) if isinstance(request, str) else request)


# The state every run starts from, taken once everything above exists and before any
# lesson code has run.
baseline()
