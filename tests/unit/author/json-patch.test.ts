import { readFileSync } from 'node:fs';
import { diffLines } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addScenario,
  deleteScenario,
  describeScenario,
  duplicateScenario,
  labelScenario,
  renameScenario,
} from '../../../src/lessons/edit';
import { patchJson } from '../../../src/lessons/json-patch';

// A frozen copy of a real, hand-laid-out manifest (the s04 lesson's, December 2026): the
// edits must keep its layout byte for byte. A copy, so the lesson can change on its own.
const manifest = readFileSync(
  new URL('../../fixtures/manifests/s04-hooks.json', import.meta.url),
  'utf8',
);

/** `text` with scenario `id`'s description set in zh, then in en (as the two fields do). */
const describeBoth = (text: string, id: string, zh: string, en: string) =>
  describeScenario(describeScenario(text, id, 'zh', zh).manifest, id, 'en', en).manifest;

/** The lines a change removes and adds, in order, as `-line` / `+line`. */
function changedLines(before: string, after: string): string[] {
  return diffLines(before, after).flatMap((part) =>
    part.added || part.removed
      ? part.value
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `${part.added ? '+' : '-'}${l}`)
      : [],
  );
}

describe('format-preserving manifest edits', () => {
  it('leaves the text byte for byte when nothing changes', () => {
    expect(patchJson(manifest, JSON.parse(manifest))).toBe(manifest);
  });

  it('adding a scenario adds its catalogue entry and changes only the panel list line', () => {
    const edit = addScenario(manifest, 'run_hooks', 'probe_new');
    const changed = changedLines(manifest, edit.manifest);
    const oldList = manifest.split('\n').find((l) => l.includes('"scenarios": ["pass"'))!;
    // The panel's list line changes; the new entry is added after the last one (a line
    // diff shows the shared closing brace as the first added line); nothing else differs.
    expect(changed.filter((l) => l.startsWith('-'))).toEqual([`-${oldList}`]);
    expect(changed.filter((l) => l.startsWith('+'))).toEqual([
      '+    },',
      '+    "probe_new": {',
      '+      "label": { "zh": "probe_new", "en": "probe_new" },',
      '+      "script": "scenarios/probe_new.py"',
      `+${oldList.replace(/\]/, ', "probe_new"]')}`,
    ]);
    expect(JSON.parse(edit.manifest).scenarios.probe_new.script).toBe('scenarios/probe_new.py');
    // Round trip: deleting it again gives back the original bytes.
    expect(deleteScenario(edit.manifest, 'run_hooks', 'probe_new').manifest).toBe(manifest);
  });

  it('relabelling changes one line; renaming keeps the entry where it is', () => {
    const label = labelScenario(
      labelScenario(manifest, 'block', 'zh', '维护').manifest,
      'block',
      'en',
      'Maintenance',
    );
    expect(changedLines(manifest, label.manifest)).toEqual([
      '-      "label": { "zh": "维护拦截", "en": "Maintenance block" },',
      '+      "label": { "zh": "维护", "en": "Maintenance" },',
    ]);
    const renamed = renameScenario(manifest, 'block', 'maintenance', {});
    const changed = changedLines(manifest, renamed.manifest);
    expect(changed).toContain('-    "block": {');
    expect(changed).toContain('+    "maintenance": {');
    // The catalogue key and the panel lists that mention it; nothing else.
    expect(changed.every((l) => l.includes('block') || l.includes('maintenance'))).toBe(true);
    expect(renameScenario(renamed.manifest, 'maintenance', 'block', {}).manifest).toBe(manifest);
  });

  it('a description is written one language at a time, each keeping the other', () => {
    const bare = addScenario(manifest, 'run_hooks', 'probe_new').manifest;
    const entry = (text: string) => JSON.parse(text).scenarios.probe_new;
    const zhOnly = describeScenario(bare, 'probe_new', 'zh', '中文').manifest;
    // Half a description (not yet valid) is kept as typed...
    expect(entry(zhOnly).description).toEqual({ zh: '中文', en: '' });
    // ...and typing the other language adds to it instead of writing over it.
    const both = describeScenario(zhOnly, 'probe_new', 'en', 'English').manifest;
    expect(entry(both).description).toEqual({ zh: '中文', en: 'English' });
    // Blank in both languages: no description at all, and the manifest is as before.
    const cleared = describeBoth(both, 'probe_new', ' ', '');
    expect(entry(cleared).description).toBeUndefined();
    expect(cleared).toBe(bare);
  });

  it('a new scenario that outgrows its line is laid out one member a line, at its indent', () => {
    const bare = addScenario(manifest, 'run_hooks', 'extra').manifest;
    const both = describeBoth(
      bare,
      'extra',
      '额外的一个场景，用来试一试',
      'One more scenario, to try things out',
    );
    const lines = both.split('\n');
    const at = lines.findIndex((l) => l.startsWith('    "extra": {'));
    expect(lines.slice(at, at + 5)).toEqual([
      '    "extra": {',
      '      "label": { "zh": "extra", "en": "extra" },',
      '      "script": "scenarios/extra.py",',
      '      "description": { "zh": "额外的一个场景，用来试一试", "en": "One more scenario, to try things out" }',
      '    }',
    ]);
    expect(JSON.parse(both).scenarios.extra.description.en).toBe(
      'One more scenario, to try things out',
    );
  });

  it('duplicating puts the copy next to the original in the panel list', () => {
    const dup = duplicateScenario(manifest, 'run_hooks', 'block', 'block2', {});
    const m = JSON.parse(dup.manifest);
    expect(m.panels[0].scenarios.indexOf('block2')).toBe(
      m.panels[0].scenarios.indexOf('block') + 1,
    );
    expect(changedLines(manifest, dup.manifest).filter((l) => l.startsWith('-'))).toHaveLength(1);
  });

  it('always yields the new value, whatever the edit (property)', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(null, true, 0, 1.5, 'x', '中文'),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, json, fc.boolean(), (a, b, compact) => {
        const text = compact ? JSON.stringify(a) : JSON.stringify(a, null, 2);
        const out = patchJson(text, b);
        expect(JSON.parse(out)).toEqual(b);
        expect(patchJson(text, a)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
