/**
 * Format-preserving JSON edits: `patchJson(text, next)` turns the JSON `text` into a text
 * whose value is `next`, changing only the parts whose value changed. Members and items
 * that stay keep their exact bytes (compact one-line objects stay compact, key order and
 * indentation stay as the author wrote them); new members take the style of their
 * neighbours. Author mode writes `lesson.json` through it, so an exported manifest
 * differs from the shipped one only where the author changed something. Pure.
 */

/** A parsed value with where it sits in the text (offsets, end exclusive). */
type Span =
  | { kind: 'scalar'; start: number; end: number }
  | { kind: 'array'; start: number; end: number; items: Span[] }
  | {
      kind: 'object';
      start: number;
      end: number;
      members: { key: string; keyStart: number; keyEnd: number; value: Span }[];
    };

/** One replacement of `text.slice(start, end)`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** How wide a compact (one-line) value may get before it is written over several lines. */
const LINE_WIDTH = 100;

/** Parse already-valid JSON into spans (the caller validated it with `JSON.parse`). */
function spans(text: string): Span {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const str = () => {
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const value = (): Span => {
    ws();
    const start = i;
    if (text[i] === '{') {
      i++;
      const members: Extract<Span, { kind: 'object' }>['members'] = [];
      ws();
      while (text[i] !== '}') {
        const keyStart = i;
        str();
        const keyEnd = i;
        const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
        ws();
        i++; // :
        members.push({ key, keyStart, keyEnd, value: value() });
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
      return { kind: 'object', start, end: i, members };
    }
    if (text[i] === '[') {
      i++;
      const items: Span[] = [];
      ws();
      while (text[i] !== ']') {
        items.push(value());
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
      return { kind: 'array', start, end: i, items };
    }
    if (text[i] === '"') str();
    else while (i < text.length && !',}] \t\n\r'.includes(text[i])) i++;
    return { kind: 'scalar', start, end: i };
  };
  return value();
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, j) => k !== kb[j])) return false;
  return ka.every((k) =>
    equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `value` written the way lesson manifests are: on one line (`{ "zh": "…", "en": "…" }`,
 * `["a", "b"]`) when that fits in `room` characters, otherwise one member a line,
 * indented from `indent`.
 */
export function formatJsonValue(value: unknown, indent = '', room = LINE_WIDTH): string {
  const compact = oneLine(value);
  if (compact.length <= room || typeof value !== 'object' || value === null) return compact;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => inner + formatJsonValue(v, inner, LINE_WIDTH - inner.length));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const members = entries.map(([k, v]) => {
    const head = `${inner}${JSON.stringify(k)}: `;
    return head + formatJsonValue(v, inner, LINE_WIDTH - head.length);
  });
  return `{\n${members.join(',\n')}\n${indent}}`;
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** The whitespace that starts the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The column (0-based) of `offset` in its line. */
const columnOf = (text: string, offset: number) => offset - text.lastIndexOf('\n', offset - 1) - 1;

/** A value replacing `span` wholesale, formatted for where it starts. */
function replace(text: string, span: Span, next: unknown): Edit {
  const indent = indentAt(text, span.start);
  const room = LINE_WIDTH - columnOf(text, span.start);
  return { start: span.start, end: span.end, text: formatJsonValue(next, indent, room) };
}

/**
 * The longest common subsequence of `a` and `b` under `same`, as pairs of indexes.
 * Arrays in a manifest are short, so the quadratic table is fine.
 */
function commonPairs<T, U>(a: T[], b: U[], same: (x: T, y: U) => boolean): [number, number][] {
  const n = a.length;
  const m = b.length;
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let x = n - 1; x >= 0; x--)
    for (let y = m - 1; y >= 0; y--)
      len[x][y] = same(a[x], b[y]) ? len[x + 1][y + 1] + 1 : Math.max(len[x + 1][y], len[x][y + 1]);
  const out: [number, number][] = [];
  let x = 0;
  let y = 0;
  while (x < n && y < m) {
    if (same(a[x], b[y])) out.push([x++, y++]);
    else if (len[x + 1][y] >= len[x][y + 1]) x++;
    else y++;
  }
  return out;
}

/**
 * Edits turning a container's entries (object members or array items, each a span of
 * text from `starts[k]` to `ends[k]`) into the new entries, where `kept` pairs old and
 * new positions that stay. Removed entries go with their separator; new entries are
 * inserted after the kept entry before them, in the container's layout.
 */
function listEdits(
  text: string,
  container: Span,
  starts: number[],
  ends: number[],
  kept: [number, number][],
  newCount: number,
  render: (newIndex: number, indent: string, room: number) => string,
): Edit[] | null {
  if (kept.length === 0) return null; // nothing stays: the caller rewrites the container
  const edits: Edit[] = [];
  const keptOld = new Set(kept.map(([o]) => o));
  const n = starts.length;
  // Each run of removed entries goes with the separator after it, or, at the end of the
  // list, with the separator before it.
  for (let o = 0; o < n; o++) {
    if (keptOld.has(o)) continue;
    let last = o;
    while (last + 1 < n && !keptOld.has(last + 1)) last++;
    if (last + 1 < n) edits.push({ start: starts[o], end: starts[last + 1], text: '' });
    else edits.push({ start: ends[o - 1], end: ends[last], text: '' });
    o = last;
  }
  const multiLine = text.slice(container.start, container.end).includes('\n');
  const indent = multiLine ? indentAt(text, starts[0]) : '';
  const sep = multiLine ? `,\n${indent}` : ', ';
  const room = (after: number) =>
    multiLine ? LINE_WIDTH - indent.length : LINE_WIDTH - columnOf(text, after) - 2;
  // New entries before the first kept one go in front of it; the others after their
  // kept predecessor, in order.
  const [firstOld, firstNew] = kept[0];
  const front: string[] = [];
  for (let k = 0; k < firstNew; k++) front.push(render(k, indent, room(starts[firstOld])));
  if (front.length > 0)
    edits.push({ start: starts[firstOld], end: starts[firstOld], text: front.join(sep) + sep });
  kept.forEach(([o, k], j) => {
    const until = j + 1 < kept.length ? kept[j + 1][1] : newCount;
    const added: string[] = [];
    for (let x = k + 1; x < until; x++) added.push(render(x, indent, room(ends[o])));
    if (added.length > 0) edits.push({ start: ends[o], end: ends[o], text: sep + added.join(sep) });
  });
  return edits;
}

function diff(text: string, span: Span, old: unknown, next: unknown): Edit[] {
  if (equal(old, next)) return [];
  // An object written on one line that no longer fits there is laid out afresh, one
  // member a line; a member added inside it would otherwise break the line at random.
  if (
    span.kind === 'object' &&
    !text.slice(span.start, span.end).includes('\n') &&
    oneLine(next).length > LINE_WIDTH - columnOf(text, span.start)
  ) {
    return [replace(text, span, next)];
  }
  if (span.kind === 'object' && isObject(old) && isObject(next)) {
    const oldKeys = span.members.map((m) => m.key);
    const newKeys = Object.keys(next);
    // A key renamed in place (same position, old key gone, new key new) keeps its value text.
    const renamed = new Map<number, string>();
    if (oldKeys.length === newKeys.length) {
      oldKeys.forEach((k, j) => {
        if (k !== newKeys[j] && !Object.hasOwn(next, k) && !Object.hasOwn(old, newKeys[j]))
          renamed.set(j, newKeys[j]);
      });
    }
    const keyOf = (j: number) => renamed.get(j) ?? oldKeys[j];
    const kept = commonPairs(
      oldKeys.map((_, j) => j),
      newKeys,
      (j, k) => keyOf(j) === k,
    );
    const edits: Edit[] = [];
    for (const [o] of kept) {
      const m = span.members[o];
      if (renamed.has(o))
        edits.push({ start: m.keyStart, end: m.keyEnd, text: JSON.stringify(keyOf(o)) });
      edits.push(...diff(text, m.value, old[m.key], next[keyOf(o)]));
    }
    const listed = listEdits(
      text,
      span,
      span.members.map((m) => m.keyStart),
      span.members.map((m) => m.value.end),
      kept,
      newKeys.length,
      (k, indent, room) => {
        const head = `${JSON.stringify(newKeys[k])}: `;
        return head + formatJsonValue(next[newKeys[k]], indent, room - head.length);
      },
    );
    return listed ? [...edits, ...listed] : [replace(text, span, next)];
  }
  if (span.kind === 'array' && Array.isArray(old) && Array.isArray(next)) {
    // Same length: item by item (a renamed id stays where it is). Otherwise keep the
    // longest run of equal items and add or remove around it.
    const kept =
      old.length === next.length
        ? old.map((_, j): [number, number] => [j, j])
        : commonPairs(old, next, equal);
    const edits = kept.flatMap(([o, k]) => diff(text, span.items[o], old[o], next[k]));
    const listed = listEdits(
      text,
      span,
      span.items.map((s) => s.start),
      span.items.map((s) => s.end),
      kept,
      next.length,
      (k, indent, room) => formatJsonValue(next[k], indent, room),
    );
    return listed ? [...edits, ...listed] : [replace(text, span, next)];
  }
  return [replace(text, span, next)];
}

/**
 * `text` (valid JSON) changed so that it holds `next`, touching only what changed.
 * Throws if `text` is not valid JSON.
 */
export function patchJson(text: string, next: unknown): string {
  const old: unknown = JSON.parse(text);
  const edits = diff(text, spans(text), old, next).sort(
    (a, b) => b.start - a.start || b.end - a.end,
  );
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
