"""The trace format's two halves from a finished run: typed columns and the JSON meta
(docs/trace-format.md; read by src/trace/meta.ts and src/trace/columns.ts)."""

import array
from json import dumps as _dumps  # private: a lesson patching json.dumps cannot reach it

from .config import FORMAT_VERSION, MAX_OUTPUT_CHARS, MAX_VALUES

# The event columns, in row order: name and array typecode.
ROW_COLUMNS = (
    ("kind", "b"), ("file", "b"), ("line", "i"), ("frame", "i"), ("depth", "h"),
    ("out", "i"), ("delta_start", "i"),
    ("aux", "i"),  # return value / exception value index, else -1
)
ROW_WIDTH = len(ROW_COLUMNS)


def serialise(rec, outcome, error, elapsed):
    """``(meta_json, columns_bytes)`` of the run recorded by `rec` (a monitor.Recorder)."""
    # A row and a delta triple are each written by one C call: a stop (an interrupt
    # lands between bytecodes) never leaves half of one.
    rows = rec.rows
    deltas = rec.deltas
    columns = [array.array(code, rows[i::ROW_WIDTH]) for i, (_, code) in enumerate(ROW_COLUMNS)]
    columns.append(array.array("i", deltas[0::3]))
    columns.append(array.array("i", deltas[1::3]))
    columns.append(array.array("i", deltas[2::3]))
    # Each column padded with zeros to a multiple of 4 bytes: every column then starts
    # aligned, and the page views it in place (src/trace/columns.ts, columnOffsets).
    blob = b"".join(c.tobytes() + bytes(-len(c) * c.itemsize % 4) for c in columns)
    notices = []
    if rec.output.truncated:
        notices.append({"kind": "output", "limit": MAX_OUTPUT_CHARS})
    if rec.values.overflow:
        notices.append({"kind": "values", "limit": MAX_VALUES})
    meta = {
        "version": FORMAT_VERSION,
        "outcome": outcome,
        "error": error,
        "files": rec.paths,
        "codeLines": rec.code_lines if len(rec.code_lines) == len(rec.paths) else None,
        "eventCount": len(columns[0]),
        "deltaCount": len(columns[-1]),
        "objectCount": rec.values.next_oid - 1,
        "columns": [[c.typecode, c.itemsize, len(c)] for c in columns],
        "names": rec.names,
        "frames": rec.frames,
        # Nodes are tuples, which json writes as arrays: no copy needed.
        "values": rec.values.table,
        "output": rec.output.text(),
        "probes": rec.probe_results,
        "notices": notices,
        "budget": {"maxEvents": rec.max_events, "maxSeconds": rec.max_seconds},
        "elapsedMs": round(elapsed * 1000, 3),
    }
    return _dumps(meta, ensure_ascii=False, separators=(",", ":")), blob
