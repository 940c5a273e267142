/**
 * Each lesson is recorded in an interpreter of its own, by `lessons:check` and by the
 * build's shipped traces. The restore after each run is best effort (Python has no
 * sandbox): a codec registered by one run stays registered in that interpreter, and so
 * would an audit hook or memory written through ctypes. One lesson must never be able to
 * change what another lesson's traces show.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../scripts/lib/check';
import { starterLessonFiles } from '../../scripts/lib/template';
import { recordLessons } from '../../scripts/lib/traces';
import { decodeShippedTrace } from '../../src/runtime/shipped-format';

/** Registered by the first lesson's run; the second lesson's run looks it up. */
const POISON = `
import codecs
codecs.register(lambda name: codecs.lookup("utf-8") if name == "wpt_poison" else None)
text = ""
`;
const PROBE = `
import codecs
try:
    codecs.lookup("wpt_poison")
    print("codec from another lesson: found")
except LookupError:
    print("codec from another lesson: none")
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
    expect(golden).toContain('codec from another lesson: none');
  }, 180_000);

  it("in the build's shipped traces", async () => {
    rmSync(cache, { recursive: true, force: true }); // recorded now, not read from the check
    const recordings = await recordLessons(root);
    const victim = recordings.find((r) => r.lesson === 'bbb-victim' && r.scenario === 'empty');
    expect(victim?.cached).toBe(false);
    const { meta } = decodeShippedTrace(victim!.bytes.slice().buffer);
    expect(JSON.parse(meta).output).toContain('codec from another lesson: none');
  }, 180_000);
});
