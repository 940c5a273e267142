/**
 * The bench's results: the JSON shape written to `.bench/latest.json`, the targets with
 * pass/fail, and the printed table.
 */
import type { BundleReport } from './bundle.ts';
import { type Summary, summarize } from './stats.ts';

/** One line of the table: a measured value against a target (or informational). */
export interface Row {
  group: string;
  metric: string;
  /** Shown value: the median unless `stat` says otherwise. */
  value: number;
  unit: string;
  /** Which statistic `value` is (median, p95, max p95, size...). */
  stat: string;
  /** Spread shown beside the value, e.g. "p25–p75 3.1–3.4 (n=5)". */
  spread: string;
  target?: { op: '<=' | '>=' | '=='; limit: number; text: string };
  pass?: boolean;
  note?: string;
}

/** Everything a run produced: rows for people, raw samples for tools. */
export interface BenchResult {
  startedAt: string;
  durationS: number;
  machine: {
    cpus: number;
    node: string;
    browser: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
  };
  rows: Row[];
  raw: Record<string, unknown>;
  bundle?: BundleReport;
}

const fmt = (x: number, unit: string) => {
  if (!Number.isFinite(x)) return '—';
  if (unit === 'B' || unit === 'ev/s') return Math.round(x).toLocaleString('en');
  if (unit === 'kB') return x.toFixed(1);
  if (Math.abs(x) >= 100) return x.toFixed(0);
  if (Math.abs(x) >= 10) return x.toFixed(1);
  return x.toFixed(2);
};

/** "p25–p75 a–b, n" for a summary. */
export function spreadOf(s: Summary, unit: string): string {
  if (s.n <= 1) return `n=${s.n}`;
  return `${fmt(s.min, unit)}–${fmt(s.max, unit)} (p25–p75 ${fmt(s.p25, unit)}–${fmt(s.p75, unit)}, n=${s.n})`;
}

/** A row from samples, its value the median (or `pick`). */
export function rowOf(
  group: string,
  metric: string,
  samples: number[],
  unit: string,
  opts: { pick?: 'median' | 'p95'; target?: Row['target']; note?: string } = {},
): Row {
  const s = summarize(samples);
  const pick = opts.pick ?? 'median';
  const value = pick === 'p95' ? s.p95 : s.median;
  return withTarget({
    group,
    metric,
    value,
    unit,
    stat: pick,
    spread: spreadOf(s, unit),
    target: opts.target,
    note: opts.note,
  });
}

/** Fill `pass` from the target. */
export function withTarget(row: Row): Row {
  if (!row.target) return row;
  const { op, limit } = row.target;
  const pass =
    op === '<=' ? row.value <= limit : op === '>=' ? row.value >= limit : row.value === limit;
  return { ...row, pass: Number.isFinite(row.value) && pass };
}

/** The table as text. */
export function renderTable(rows: Row[]): string {
  const head = ['', 'metric', 'value', 'stat', 'target', 'spread (min–max)'];
  const body = rows.map((r) => [
    r.pass === undefined ? '  ' : r.pass ? 'OK' : 'XX',
    `${r.group}: ${r.metric}`,
    `${fmt(r.value, r.unit)} ${r.unit}`,
    r.stat,
    r.target?.text ?? '',
    r.spread + (r.note ? `  ${r.note}` : ''),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** The table as Markdown (for docs/performance.md). */
export function renderMarkdown(rows: Row[]): string {
  const out = [
    '| | metric | value | stat | target | spread (min–max) |',
    '|---|---|---:|---|---|---|',
  ];
  for (const r of rows) {
    const mark = r.pass === undefined ? '' : r.pass ? '✅' : '❌';
    out.push(
      `| ${mark} | ${r.group}: ${r.metric} | ${fmt(r.value, r.unit)} ${r.unit} | ${r.stat} | ${r.target?.text ?? ''} | ${r.spread}${r.note ? ` ${r.note}` : ''} |`,
    );
  }
  return out.join('\n');
}
