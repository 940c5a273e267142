/**
 * Golden files: where they live, how they are written, and a compact diff between a
 * golden summary and a fresh one. Pure (no fs), so the diff format is unit-tested.
 */
import { structuredPatch } from 'diff';
import { type Lang, t } from '../../src/i18n/cli.ts';
import { parseJsonWithPositions } from '../../src/lessons/json.ts';
import { renderMessage } from '../../src/lessons/messageText.ts';
import { formatGolden, type TraceSummary } from '../../src/runtime/summary.ts';

/** The command to suggest when the golden files of `lesson` must be (re)generated. */
export function updateHint(lesson: string, lang: Lang = 'en'): string {
  return t(lang, 'checkUpdateHint', { lesson });
}

/** The golden folder inside a lesson folder. */
export const GOLDEN_DIR = 'golden';

/** A scenario run's golden file, relative to the lesson folder. */
export function goldenFile(panelId: string, scenarioId: string): string {
  return `${GOLDEN_DIR}/${panelId}/${scenarioId}.json`;
}

/**
 * The exact text of a golden file: pretty-printed JSON, 2-space indent, trailing newline.
 * The same function the browser's authoring mode uses, so both write identical files.
 */
export function serializeGolden(summary: TraceSummary): string {
  return formatGolden(summary);
}

/** At most this many changed `lines` / `calls` keys are listed; the rest are counted. */
export const MAX_LISTED_KEYS = 30;
/** At most this many lines of output diff are shown. */
export const MAX_OUTPUT_DIFF_LINES = 40;
/** A diff row longer than this is cut (one line of output may be a million characters). */
export const MAX_DIFF_ROW_CHARS = 300;

/** `row`, cut at {@link MAX_DIFF_ROW_CHARS} with how much was left out. */
function clipRow(row: string, lang: Lang): string {
  if (row.length <= MAX_DIFF_ROW_CHARS) return row;
  const rest = row.length - MAX_DIFF_ROW_CHARS;
  return `${row.slice(0, MAX_DIFF_ROW_CHARS)}${t(lang, 'checkMoreChars', { n: rest })}`;
}

const SUMMARY_FIELDS = ['outcome', 'error', 'events', 'lines', 'calls', 'output'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return false;
}

/** True when a golden value (parsed from its file) and a fresh summary agree. Key order is ignored. */
export function summariesEqual(golden: unknown, actual: TraceSummary): boolean {
  return sameValue(golden, actual);
}

/** `ValueError: boom (entries/x.py:3)`, or `none`. */
export function describeError(error: unknown, lang: Lang = 'en'): string {
  if (error === null || error === undefined) return t(lang, 'checkNoError');
  if (!isRecord(error)) return JSON.stringify(error);
  const type = typeof error.type === 'string' ? error.type : '?';
  const message = typeof error.message === 'string' ? error.message : JSON.stringify(error.message);
  const where =
    typeof error.file === 'string'
      ? ` (${error.file}${typeof error.line === 'number' ? `:${error.line}` : ''})`
      : '';
  return `${type}: ${message}${where}`;
}

function describeScalar(value: unknown, lang: Lang): string {
  return value === undefined ? t(lang, 'checkMissing') : clipRow(JSON.stringify(value), lang);
}

/** Sort `file:line` keys by file, then numerically by line; other keys alphabetically. */
function compareKeys(a: string, b: string): number {
  const ma = /^(.*):(\d+)$/.exec(a);
  const mb = /^(.*):(\d+)$/.exec(b);
  if (ma && mb) {
    if (ma[1] !== mb[1]) return ma[1] < mb[1] ? -1 : 1;
    return Number(ma[2]) - Number(mb[2]);
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function countOf(map: unknown, key: string): string {
  if (!isRecord(map) || !Object.hasOwn(map, key)) return '0';
  const v = map[key];
  return typeof v === 'number' ? String(v) : JSON.stringify(v);
}

/** The changed keys of a `lines` or `calls` map as `key  old -> new` rows. */
function diffCounts(golden: unknown, actual: unknown, lang: Lang): string[] {
  const keys = new Set<string>();
  if (isRecord(golden)) for (const k of Object.keys(golden)) keys.add(k);
  if (isRecord(actual)) for (const k of Object.keys(actual)) keys.add(k);
  const changed = [...keys]
    .filter((k) => countOf(golden, k) !== countOf(actual, k))
    .sort(compareKeys);
  const width = Math.max(0, ...changed.slice(0, MAX_LISTED_KEYS).map((k) => k.length));
  const rows = changed
    .slice(0, MAX_LISTED_KEYS)
    .map((k) => `${k.padEnd(width)}  ${countOf(golden, k)} -> ${countOf(actual, k)}`);
  if (changed.length > MAX_LISTED_KEYS)
    rows.push(t(lang, 'checkMoreKeys', { n: changed.length - MAX_LISTED_KEYS }));
  return rows;
}

/** A unified-style line diff of two outputs: `@@` hunks with one line of context. */
export function diffOutput(golden: string, actual: string, lang: Lang = 'en'): string[] {
  const patch = structuredPatch('golden', 'actual', golden, actual, undefined, undefined, {
    context: 1,
  });
  const rows: string[] = [];
  for (const hunk of patch.hunks) {
    rows.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) rows.push(clipRow(line, lang));
  }
  if (rows.length > MAX_OUTPUT_DIFF_LINES) {
    const rest = rows.length - MAX_OUTPUT_DIFF_LINES;
    rows.length = MAX_OUTPUT_DIFF_LINES;
    rows.push(t(lang, 'checkMoreDiffLines', { n: rest }));
  }
  return rows;
}

/**
 * What differs between a golden value and a fresh summary, as readable lines (empty when
 * they agree): the outcome, the error, the event count, each `lines` / `calls` key whose
 * count changed (`old -> new`, 0 meaning "not reached"), and the output as a line diff.
 * `golden` is whatever the golden file parsed to, so every shape is handled.
 */
export function diffSummaries(golden: unknown, actual: TraceSummary, lang: Lang = 'en'): string[] {
  if (!isRecord(golden))
    return [t(lang, 'checkGoldenNotSummary', { value: describeScalar(golden, lang) })];
  const out: string[] = [];
  const fresh = actual as unknown as Record<string, unknown>;
  const fields: string[] = [...SUMMARY_FIELDS];
  for (const key of [...Object.keys(fresh), ...Object.keys(golden)]) {
    if (!fields.includes(key)) fields.push(key);
  }
  for (const field of fields) {
    const before = golden[field];
    const after = fresh[field];
    if (sameValue(before, after)) continue;
    switch (field) {
      case 'error':
        out.push(`error: ${describeError(before, lang)} -> ${describeError(after, lang)}`);
        break;
      case 'lines':
      case 'calls': {
        const rows = diffCounts(before, after, lang);
        const label = field === 'lines' ? t(lang, 'checkLinesHits') : 'calls';
        if (rows.length === 0) out.push(t(lang, 'checkSameCounts', { label }));
        else out.push(`${label}:`, ...rows.map((r) => `  ${r}`));
        break;
      }
      case 'output': {
        if (typeof before !== 'string' || typeof after !== 'string') {
          out.push(`output: ${describeScalar(before, lang)} -> ${describeScalar(after, lang)}`);
          break;
        }
        out.push('output:', ...diffOutput(before, after, lang).map((r) => `  ${r}`));
        break;
      }
      default:
        out.push(`${field}: ${describeScalar(before, lang)} -> ${describeScalar(after, lang)}`);
    }
  }
  return out;
}

/** Why a fresh summary does not pass against a golden file's text, or null if it does. */
export function compareGolden(
  existing: string | undefined,
  summary: TraceSummary,
  lesson: string,
  lang: Lang = 'en',
): { headline: string; message: string; details: string[] } | null {
  const hint = updateHint(lesson, lang);
  if (existing === undefined) {
    return {
      headline: t(lang, 'checkNoGoldenHead'),
      message: t(lang, 'checkNoGolden', { hint }),
      details: [],
    };
  }
  const parsed = parseJson(existing, lang);
  if (!parsed.ok) {
    return {
      headline: t(lang, 'checkGoldenNotJsonHead'),
      message: t(lang, 'checkGoldenNotJson', { reason: parsed.error, hint }),
      details: [],
    };
  }
  if (summariesEqual(parsed.value, summary)) return null;
  return {
    headline: t(lang, 'checkGoldenDiffersHead'),
    message: t(lang, 'checkGoldenDiffers', { hint }),
    details: diffSummaries(parsed.value, summary, lang),
  };
}

/**
 * A golden file's JSON, or what is wrong with it and where (`line:column: reason`, in
 * `lang`), as the lesson's own files are reported.
 */
export function parseJson(
  text: string,
  lang: Lang,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const parsed = parseJsonWithPositions(text);
  if (parsed.ok) return { ok: true, value: parsed.value };
  const { line, column, message } = parsed.error;
  return { ok: false, error: `${line}:${column}: ${renderMessage(message, lang)}` };
}
