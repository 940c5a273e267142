/**
 * The recorder renders exact lists and dicts through a shortcut (values.py `_shallow`);
 * every other object goes through `_shallow_any`. Both must give the same node, snapshot
 * and reach for every list and dict, or a changed container would be shown wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeRecorder, type NodeRecorder } from '../../src/runtime/node-recorder';

let rec: NodeRecorder;
beforeAll(async () => {
  rec = await createNodeRecorder();
});
afterAll(() => {
  rec?.pyodide.runPython('del _wpt_shallow_check');
});

describe("the recorder's shortcut for exact lists and dicts", () => {
  it('gives the same node, snapshot and reach as the general path', () => {
    const mismatches = rec.pyodide.runPython(`
def _wpt_shallow_check():
    from wpt_recorder.values import Values

    class Thing:
        def __repr__(self):
            return "Thing()"

    loop = [1]
    loop.append(loop)
    shared = [1, 2]
    samples = [
        [], {}, [1, "a", None, 2.5, True], {"a": 1, "b": [2]}, list(range(100)),
        {i: str(i) for i in range(100)}, {(1, 2): "t", 3.5: None, None: 0, Thing(): 1},
        [shared, shared, {"k": shared}], loop, {"x": {"y": {"z": []}}},
        list(range(30)), list(range(31)), {i: i for i in range(30)}, {i: i for i in range(31)},
        ["s" * 500, -(1 << 70), 1 << 70, b"bytes", 1j],
        {ValueError("k"): 1, (Thing(), 2): 3, Thing: 4, _wpt_shallow_check: 5},
    ]
    out = []
    for i, obj in enumerate(samples):
        fast, general = Values(), Values()
        a = fast._shallow(obj, 7)
        b = general._shallow_any(obj, 7, type(obj))
        if a[0] != b[0] or a[1] != b[1] or tuple(a[2]) != tuple(b[2]) or fast.table != general.table:
            out.append(f"sample {i}: {a[0]!r} != {b[0]!r}")
    return out

_wpt_shallow_check()
`);
    const found = mismatches.toJs() as string[];
    mismatches.destroy();
    expect(found).toEqual([]);
  });
});
