/**
 * Lesson files are UTF-8. A file that is not is an error with its place, never text
 * with U+FFFD in it (Python itself would refuse such a source). Pure: used by the
 * Node reader (lessons:check) and by author-mode import in the browser.
 */

import { type LessonMessage, msg } from './messages.ts';
import { LessonMessageError } from './messageText.ts';

/** Where a file stops being valid UTF-8. */
export interface EncodingProblem {
  /** Offset of the first byte of the bad sequence, from 0. */
  offset: number;
  /** The 1-based line and column (in characters) it is on. */
  line: number;
  column: number;
  /** That byte. */
  byte: number;
  /** The file starts with a UTF-16 byte-order mark: saved as UTF-16, not UTF-8. */
  utf16?: true;
}

/** A file that is not valid UTF-8, with its place (shown in the reader's language). */
export class InvalidUtf8Error extends LessonMessageError {
  constructor(
    readonly file: string,
    readonly problem: EncodingProblem,
  ) {
    super(encodingMessage(problem), { file, line: problem.line, column: problem.column });
    this.name = 'InvalidUtf8Error';
  }
}

/** What is wrong with the file, as a lesson message (its place is kept beside it). */
export function encodingMessage(p: EncodingProblem): LessonMessage {
  const hex = p.byte.toString(16).toUpperCase().padStart(2, '0');
  return msg(p.utf16 ? 'notUtf8Utf16' : 'notUtf8', { hex, offset: p.offset });
}

/** The length of the UTF-8 sequence starting at `i`, or 0 if it is invalid. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  if (b < 0x80) return 1;
  let n: number;
  let min: number;
  let max = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) n = 2;
  else if (b >= 0xe0 && b <= 0xef) n = 3;
  else if (b >= 0xf0 && b <= 0xf4) n = 4;
  else return 0;
  // The second byte's range excludes overlong forms, surrogates and values past U+10FFFF.
  min = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
  if (b === 0xed) max = 0x9f;
  if (b === 0xf4) max = 0x8f;
  if (i + n > bytes.length) return 0;
  for (let k = 1; k < n; k++) {
    const c = bytes[i + k];
    if (c < min || c > max) return 0;
    min = 0x80;
    max = 0xbf;
  }
  return n;
}

/** The first place where `bytes` is not valid UTF-8, or null. */
export function findInvalidUtf8(bytes: Uint8Array): EncodingProblem | null {
  let line = 1;
  let column = 1;
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceLength(bytes, i);
    if (n === 0) {
      const bom =
        i === 0 &&
        ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
      return { offset: i, line, column, byte: bytes[i], ...(bom ? { utf16: true as const } : {}) };
    }
    if (bytes[i] === 0x0a) {
      line++;
      column = 1;
    } else {
      column += n === 4 ? 2 : 1; // columns count UTF-16 units, as editors do
    }
    i += n;
  }
  return null;
}

/** Decode a lesson file, or throw {@link InvalidUtf8Error} naming it and the byte. */
export function decodeLessonFile(file: string, bytes: Uint8Array): string {
  const problem = findInvalidUtf8(bytes);
  if (problem) throw new InvalidUtf8Error(file, problem);
  // A byte-order mark is not part of the text (Python skips it too).
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return new TextDecoder('utf-8').decode(bytes.subarray(start));
}
