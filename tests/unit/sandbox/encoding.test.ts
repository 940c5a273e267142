/**
 * Honest source files (issue 11.5): a lesson file that is not valid UTF-8 is an error
 * with its file, line and byte offset, never text with U+FFFD in it. The check's report
 * of it: tests/pyodide/sandbox.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLessonFile, findInvalidUtf8, InvalidUtf8Error } from '../../../src/lessons/encoding';

const strict = new TextDecoder('utf-8', { fatal: true });
const isValid = (bytes: Uint8Array) => {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

describe('findInvalidUtf8', () => {
  it('agrees with the platform decoder on every byte string, and points at the first bad byte', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      // Mostly valid text with one damaged byte: the interesting case.
      fc
        .tuple(
          fc.string({ unit: 'grapheme', maxLength: 20 }),
          fc.nat(),
          fc.integer({ min: 0x80, max: 0xff }),
        )
        .map(([s, at, b]) => {
          const u = new TextEncoder().encode(s);
          if (u.length > 0) u[at % u.length] = b;
          return u;
        }),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        const problem = findInvalidUtf8(b);
        expect(problem === null).toBe(isValid(b));
        if (problem) {
          expect(isValid(b.subarray(0, problem.offset))).toBe(true);
          expect(problem.byte).toBe(b[problem.offset]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the line and column of the bad byte', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a = 1\nb = "caf'), 0xe9, 0x22]);
    expect(findInvalidUtf8(bytes)).toEqual({ offset: 14, line: 2, column: 9, byte: 0xe9 });
  });

  it('says a file saved as UTF-16 is UTF-16 (its byte-order mark), in either byte order', () => {
    const le = new Uint8Array([0xff, 0xfe, 0x61, 0x00]);
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x61]);
    expect(findInvalidUtf8(le)).toEqual({ offset: 0, line: 1, column: 1, byte: 0xff, utf16: true });
    expect(findInvalidUtf8(be)).toMatchObject({ utf16: true });
    expect(() => decodeLessonFile('prose.en.md', le)).toThrow(
      'prose.en.md:1:1: not valid UTF-8: the file starts with a UTF-16 byte-order mark (byte 0xFF at offset 0), so it was saved as UTF-16; save it as UTF-8',
    );
    // a lone 0xFF later in a file is not a byte-order mark
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xff, 0xfe]))).not.toHaveProperty('utf16');
  });

  it('decodes valid files, dropping a byte-order mark', () => {
    const text = 'print("你好")\n';
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(decodeLessonFile('x.py', bom)).toBe(text);
    expect(() => decodeLessonFile('src/x.py', new Uint8Array([0x61, 0xff]))).toThrow(
      new InvalidUtf8Error('src/x.py', { offset: 1, line: 1, column: 2, byte: 0xff }),
    );
    expect(() => decodeLessonFile('src/x.py', new Uint8Array([0x61, 0xff]))).toThrow(
      'src/x.py:1:2: not valid UTF-8: byte 0xFF at byte offset 1; save the file as UTF-8',
    );
  });
});
