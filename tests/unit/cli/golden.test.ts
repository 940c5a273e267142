import { describe, expect, it } from 'vitest';
import {
  compareGolden,
  diffOutput,
  diffSummaries,
  goldenFile,
  MAX_DIFF_ROW_CHARS,
  MAX_LISTED_KEYS,
  serializeGolden,
  summariesEqual,
  updateHint,
} from '../../../scripts/lib/golden.ts';
import type { TraceSummary } from '../../../src/runtime/summary.ts';

const base = (): TraceSummary => ({
  outcome: 'completed',
  error: null,
  events: 70,
  lines: {
    'entries/run_hooks.py:4': 1,
    's04/core/runtime.py:9': 1,
    's04/core/runtime.py:20': 1,
    's04/core/runtime.py:29': 1,
  },
  calls: { '<module>': 4, first: 1, run_hooks: 1 },
  output: 'event: before\nvisited: first\nblocked: maintenance\nwarnings: []\n',
});

/** What a golden file parses to: the summary after a JSON round trip. */
const asGolden = (s: TraceSummary): unknown => JSON.parse(serializeGolden(s));

describe('golden files', () => {
  it('live at golden/<panel>/<scenario>.json', () => {
    expect(goldenFile('run_hooks', 'block')).toBe('golden/run_hooks/block.json');
  });

  it('are pretty-printed with two spaces and end with one newline', () => {
    const text = serializeGolden(base());
    expect(text.startsWith('{\n  "outcome": "completed",\n  "error": null,\n')).toBe(true);
    expect(text).toContain('\n  "lines": {\n    "entries/run_hooks.py:4": 1,\n');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.endsWith('}\n\n')).toBe(false);
  });

  it('compare equal regardless of key order', () => {
    const s = base();
    const reordered = { ...s, lines: Object.fromEntries(Object.entries(s.lines).reverse()) };
    expect(summariesEqual(reordered, s)).toBe(true);
    expect(diffSummaries(reordered, s)).toEqual([]);
  });
});

describe('the golden diff', () => {
  it('is empty when nothing changed', () => {
    expect(diffSummaries(asGolden(base()), base())).toEqual([]);
  });

  it('shows a changed outcome and error on one line each', () => {
    const now: TraceSummary = {
      ...base(),
      outcome: 'error',
      error: { type: 'ValueError', message: 'boom', file: 'entries/run_hooks.py', line: 3 },
    };
    expect(diffSummaries(asGolden(base()), now)).toEqual([
      'outcome: "completed" -> "error"',
      'error: none -> ValueError: boom (entries/run_hooks.py:3)',
    ]);
  });

  it('lists each changed line key with old -> new hits, 0 meaning not reached, in line order', () => {
    const now = base();
    now.events = 89;
    now.lines = { ...now.lines, 's04/core/runtime.py:20': 2, 's04/core/runtime.py:32': 1 };
    delete (now.lines as Record<string, number>)['s04/core/runtime.py:29'];
    expect(diffSummaries(asGolden(base()), now)).toEqual([
      'events: 70 -> 89',
      'lines (hits):',
      '  s04/core/runtime.py:20  1 -> 2',
      '  s04/core/runtime.py:29  1 -> 0',
      '  s04/core/runtime.py:32  0 -> 1',
    ]);
  });

  it('sorts line keys numerically within a file, and files by name', () => {
    const now = base();
    now.lines = { ...now.lines, 'a.py:10': 1, 'a.py:9': 1, 'b.py:1': 1 };
    const rows = diffSummaries(asGolden(base()), now).filter((r) => r.startsWith('  '));
    expect(rows.map((r) => r.trim().split(/\s+/)[0])).toEqual(['a.py:9', 'a.py:10', 'b.py:1']);
  });

  it('lists changed call counts', () => {
    const now = base();
    now.calls = { ...now.calls, second: 1 };
    expect(diffSummaries(asGolden(base()), now)).toEqual(['calls:', '  second  0 -> 1']);
  });

  it('shows the output as a line diff with one line of context', () => {
    const now = base();
    now.output = now.output.replace('visited: first\n', 'visited: first -> second\n');
    expect(diffSummaries(asGolden(base()), now)).toEqual([
      'output:',
      '  @@ -1,3 +1,3 @@',
      '   event: before',
      '  -visited: first',
      '  +visited: first -> second',
      '   blocked: maintenance',
    ]);
  });

  it('keeps a long list of changed lines short', () => {
    const now = base();
    for (let i = 100; i < 100 + MAX_LISTED_KEYS + 5; i++) now.lines[`x.py:${i}`] = 1;
    const rows = diffSummaries(asGolden(base()), now);
    expect(rows).toHaveLength(1 + MAX_LISTED_KEYS + 1);
    expect(rows.at(-1)).toBe('  ... and 5 more');
  });

  it('copes with golden files of the wrong shape', () => {
    expect(diffSummaries([1, 2], base())).toEqual(['the golden file holds [1,2], not a summary']);
    const golden = { ...(asGolden(base()) as object), extra: true };
    expect(diffSummaries(golden, base())).toEqual(['extra: true -> (missing)']);
    const { output: _, ...noOutput } = asGolden(base()) as Record<string, unknown>;
    expect(diffSummaries(noOutput, base())[0]).toMatch(/^output: \(missing\) -> "event: before/);
  });

  it('cuts a diff row that is one huge line of output, saying how much it left out', () => {
    const huge = 'x'.repeat(1_000_000);
    const rows = diffOutput(`a\n${huge}\n`, 'a\nshort\n');
    expect(rows).toContain(`-${'x'.repeat(MAX_DIFF_ROW_CHARS - 1)}... (999701 more characters)`);
    expect(Math.max(...rows.map((r) => r.length))).toBeLessThan(MAX_DIFF_ROW_CHARS + 60);
    const zh = diffOutput(huge, '', 'zh').find((r) => r.startsWith('-'));
    expect(zh?.endsWith('……（这一行还有 999701 个字符）')).toBe(true);
    // a scalar as well (an output that is not text, a field the summary does not know)
    const [row] = diffSummaries({ ...(asGolden(base()) as object), extra: huge }, base());
    expect(row.length).toBeLessThan(MAX_DIFF_ROW_CHARS + 80);
  });

  it('diffs outputs without a trailing newline too', () => {
    expect(diffOutput('a\nb', 'a\nc')).toEqual([
      '@@ -1,2 +1,2 @@',
      ' a',
      '-b',
      '\\ No newline at end of file',
      '+c',
      '\\ No newline at end of file',
    ]);
  });
});

describe('comparing a run with its golden file', () => {
  it('passes when they agree', () => {
    expect(compareGolden(serializeGolden(base()), base(), 'demo')).toBeNull();
  });

  it('tells how to create a missing golden file', () => {
    expect(compareGolden(undefined, base(), 'demo')).toEqual({
      headline: 'no golden file',
      message:
        'no golden file; run UPDATE_GOLDEN=1 npm run lessons:check -- demo and review the diff',
      details: [],
    });
  });

  it('reports a golden file that is not JSON at its line and column, in the reader’s language', () => {
    const problem = compareGolden('{\n  "outcome": \n  not json', base(), 'demo');
    expect(problem?.message).toMatch(
      /^the golden file is not valid JSON \(3:3: unexpected character "n", expected a value\); run UPDATE_GOLDEN=1/,
    );
    const zh = compareGolden('{ not json', base(), 'demo', 'zh');
    expect(zh?.message).toMatch(/^基准文件不是有效的 JSON（1:3: 意外的字符 "n"，.+）；/);
  });

  it('reports a mismatch with the diff as details', () => {
    const now = { ...base(), events: 71 };
    expect(compareGolden(serializeGolden(base()), now, 'demo')).toEqual({
      headline: 'differs from its golden file',
      message: `the run differs from its golden file (golden -> now); if the change is intended, ${updateHint('demo')}`,
      details: ['events: 70 -> 71'],
    });
  });
});
