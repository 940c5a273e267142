/**
 * A small JSON parser that remembers where every value sits in the text.
 *
 * Why not `JSON.parse`? Its error messages differ between engines (some give no line at
 * all), it silently keeps the last of two duplicate keys, and it cannot tell us which
 * line a field lives on. Lesson authors need "lesson.json:57: panels[0].steps[1].end",
 * so the loader parses manifests with this instead. Pure: no fs, no DOM. Its errors are
 * lesson messages (./messages.ts), shown in the reader's language.
 */
import type { MessageKey } from '../i18n/messageTable.ts';
import { type LessonMessage, type MessageValue, msg } from './messages.ts';

/** A 1-based line and column in a text file. */
export interface TextPosition {
  line: number;
  column: number;
}

/** A path into a JSON value: object keys and array indexes, outermost first. */
export type JsonPath = readonly PropertyKey[];

/** A JSON syntax error, located in the text. */
export interface JsonSyntaxError extends TextPosition {
  message: LessonMessage;
}

/**
 * The outcome of {@link parseJsonWithPositions}. On success, `positions` maps a
 * formatted path (see {@link formatJsonPath}; `""` is the root) to where it starts:
 * for an object member that is its key, for an array element the element itself.
 */
export type JsonParseResult =
  | { ok: true; value: unknown; positions: Map<string, TextPosition> }
  | { ok: false; error: JsonSyntaxError };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Format a path the way lesson errors name fields: `panels[0].steps[1].end`. */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const key = String(part);
      if (IDENTIFIER.test(key)) out += out === '' ? key : `.${key}`;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** How deep a lesson file's objects and arrays may nest (lesson.json needs about 6). */
const MAX_DEPTH = 100;

class SyntaxFailure extends Error {
  readonly offset: number;
  readonly detail: LessonMessage;
  constructor(offset: number, detail: LessonMessage) {
    super(detail.key);
    this.offset = offset;
    this.detail = detail;
  }
}

/** Parse JSON text, recording the position of every member and element. */
export function parseJsonWithPositions(source: string): JsonParseResult {
  // A byte-order mark is invisible in editors; do not count it as a column.
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const at = (offset: number): TextPosition => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };

  const positions = new Map<string, TextPosition>();
  let i = 0;

  const found = (offset: number): LessonMessage =>
    offset >= text.length
      ? msg('jsonEndOfFile')
      : msg('jsonCharacter', { char: JSON.stringify(text[offset]) });
  const fail = (offset: number, key: MessageKey, vars?: Record<string, MessageValue>): never => {
    throw new SyntaxFailure(offset, msg(key, vars));
  };
  const skipSpace = () => {
    while (
      i < text.length &&
      (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')
    )
      i++;
  };

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length) {
      const ch = text[i];
      if (ch === '"') {
        i++;
        return JSON.parse(text.slice(start, i)) as string;
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i, 'jsonBadUnicode');
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          i += 2;
        } else {
          fail(i, 'jsonBadEscape', { escape: JSON.stringify(`\\${next ?? ''}`) });
        }
        continue;
      }
      if (ch === '\n') fail(start, 'jsonStringSpansLines');
      if (ch < ' ') fail(i, 'jsonControlChar');
      i++;
    }
    return fail(start, 'jsonUnterminated');
  };

  const parseValue = (path: PropertyKey[]): unknown => {
    skipSpace();
    const ch = text[i];
    // The parser recurses: a file nested thousands of levels deep would overflow the
    // stack and stop every lesson's check, not just say what is wrong with this one.
    if ((ch === '{' || ch === '[') && path.length >= MAX_DEPTH)
      fail(i, 'jsonTooDeep', { max: MAX_DEPTH });
    if (ch === '{') return parseObject(path);
    if (ch === '[') return parseArray(path);
    if (ch === '"') return parseString();
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
      if (!match || match[0] === '-') fail(i, 'jsonBadNumber');
      const number = Number(match![0]);
      // `1e400` reads as Infinity, which no field can hold (and JSON cannot write back).
      if (!Number.isFinite(number)) fail(i, 'jsonNumberTooBig', { number: match![0] });
      i += match![0].length;
      return number;
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    return fail(i, 'jsonExpectedValue', { found: found(i) });
  };

  const parseObject = (path: PropertyKey[]): Record<string, unknown> => {
    const obj: Record<string, unknown> = {};
    i++; // {
    skipSpace();
    if (text[i] === '}') {
      i++;
      return obj;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') {
        if (text[i] === '}') fail(i, 'jsonTrailingCommaBrace');
        fail(i, 'jsonExpectedKey', { found: found(i) });
      }
      const keyOffset = i;
      const key = parseString();
      if (Object.hasOwn(obj, key))
        fail(keyOffset, 'jsonDuplicateKey', { key: JSON.stringify(key) });
      skipSpace();
      if (text[i] !== ':')
        fail(i, 'jsonExpectedColon', { found: found(i), key: JSON.stringify(key) });
      i++;
      const memberPath = [...path, key];
      positions.set(formatJsonPath(memberPath), at(keyOffset));
      // defineProperty: a "__proto__" key must stay data, not become a prototype.
      Object.defineProperty(obj, key, {
        value: parseValue(memberPath),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return obj;
      }
      fail(i, 'jsonExpectedCommaBrace', { found: found(i) });
    }
  };

  const parseArray = (path: PropertyKey[]): unknown[] => {
    const arr: unknown[] = [];
    i++; // [
    skipSpace();
    if (text[i] === ']') {
      i++;
      return arr;
    }
    for (;;) {
      skipSpace();
      if (text[i] === ']') fail(i, 'jsonTrailingCommaBracket');
      const elementPath = [...path, arr.length];
      positions.set(formatJsonPath(elementPath), at(i));
      arr.push(parseValue(elementPath));
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return arr;
      }
      fail(i, 'jsonExpectedCommaBracket', { found: found(i) });
    }
  };

  try {
    skipSpace();
    if (i >= text.length) fail(i, 'jsonEmpty');
    positions.set('', at(i));
    const value = parseValue([]);
    skipSpace();
    if (i < text.length) fail(i, 'jsonAfterEnd', { found: found(i) });
    return { ok: true, value, positions };
  } catch (err) {
    if (err instanceof SyntaxFailure) {
      return {
        ok: false,
        error: { ...at(Math.min(err.offset, text.length)), message: err.detail },
      };
    }
    throw err;
  }
}

/**
 * Find the best-known position for a path: the path itself, or else its closest
 * recorded ancestor (a missing field is reported where its parent object starts).
 */
export function positionOf(
  positions: Map<string, TextPosition>,
  path: JsonPath,
): TextPosition | undefined {
  for (let n = path.length; n >= 0; n--) {
    const hit = positions.get(formatJsonPath(path.slice(0, n)));
    if (hit) return hit;
  }
  return undefined;
}
