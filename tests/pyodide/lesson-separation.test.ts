/**
 * Each lesson is recorded in an interpreter of its own, by `lessons:check` and by the
 * build's shipped traces. The restore after each run is best effort (Python has no
 * sandbox): memory written through ctypes stays written in that interpreter (here, the
 * characters of a string constant of the standard library, which no namespace restore sees:
 * the object is the same). One lesson must never be able to change what another lesson's
 * traces show.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../scripts/lib/check';
import { starterLessonFiles } from '../../scripts/lib/template';
import { recordLessons } from '../../scripts/lib/traces';
import { decodeShippedTrace } from '../../src/runtime/shipped-format';

/** Run by the first lesson: rewrites `string.ascii_lowercase` in place. */
const POISON = `
import ctypes, string, sys
ctypes.memmove(id(string.ascii_lowercase) + sys.getsizeof("") - 1, b"Z", 1)
print(string.ascii_lowercase[:3])
text = ""
`;
/** Run by the second lesson: what it reads there. */
const PROBE = `
import string
print("letters from another lesson:", string.ascii_lowercase[:3])
text = ""
`;

let root = '';
let cache = '';
const savedCache = process.env.WPT_TRACE_CACHE;

function writeLesson(id: string, order: number, script: string) {
  const files = { ...starterLessonFiles({ id, order }), 'scenarios/empty.py': script };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, id, rel)), { recursive: true });
    writeFileSync(path.join(root, id, rel), text);
  }
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'wpt-separation-'));
  cache = mkdtempSync(path.join(tmpdir(), 'wpt-separation-cache-'));
  process.env.WPT_TRACE_CACHE = cache;
  writeLesson('aaa-poison', 1, POISON); // sorts first: recorded first
  writeLesson('bbb-victim', 2, PROBE);
});

afterAll(() => {
  if (savedCache === undefined) delete process.env.WPT_TRACE_CACHE;
  else process.env.WPT_TRACE_CACHE = savedCache;
  rmSync(root, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

describe('one lesson cannot change the recordings of another', () => {
  it("in lessons:check: the victim's golden output is its own", async () => {
    const result = await runCheck({ root, update: true, print: () => {} });
    expect(result.failed).toBe(0);
    const golden = readFileSync(
      path.join(root, 'bbb-victim/golden/count_words/empty.json'),
      'utf8',
    );
    expect(golden).toContain('letters from another lesson: abc');
  }, 180_000);

  it("in the build's shipped traces", async () => {
    rmSync(cache, { recursive: true, force: true }); // recorded now, not read from the check
    const recordings = await recordLessons(root);
    const victim = recordings.find((r) => r.lesson === 'bbb-victim' && r.scenario === 'empty');
    expect(victim?.cached).toBe(false);
    const { meta } = decodeShippedTrace(victim!.bytes.slice().buffer);
    expect(JSON.parse(meta).output).toContain('letters from another lesson: abc');
  }, 180_000);
});
