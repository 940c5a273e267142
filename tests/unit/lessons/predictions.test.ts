import { describe, expect, it } from 'vitest';
import { formatLessonError, renderMessage } from '../../../src/lessons/messageText.ts';
import { editManifest, errorsOf, lessonFiles, lineOf, load, rawErrorsOf } from './helpers.ts';

const ID = 's04-hooks';

describe('prediction questions in a lesson', () => {
  it('load with their anchors resolved to lines of the focus function', async () => {
    const files = await lessonFiles(ID);
    const result = load(ID, files);
    if (!result.ok) throw new Error(result.errors.map((e) => formatLessonError(e)).join('\n'));
    const { predictions } = result.lesson;
    expect(predictions.length).toBeGreaterThanOrEqual(3);
    const hits = predictions.find((p) => p.ask.kind === 'hits')!;
    const code = files['src/s04/core/runtime.py'];
    if (hits.ask.kind !== 'hits') throw new Error('unreachable');
    expect(hits.ask.line).toBe(lineOf(code, hits.ask.anchor));
    for (const p of predictions) {
      expect(p.question.zh.trim()).not.toBe('');
      expect(p.question.en.trim()).not.toBe('');
    }
  });

  it('are rejected when they name a panel, scenario or anchor that does not exist', async () => {
    let staleAt = -1; // where the stale question goes: after the lesson's own
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].panel = 'nowhere';
      m.predictions[1].scenario = 'refused'; // in the catalogue, but run_hooks does not offer it
      m.predictions[2].id = m.predictions[3].id;
      staleAt = m.predictions.length;
      m.predictions.push({
        id: 'stale',
        panel: 'run_hooks',
        scenario: 'pass',
        ask: { kind: 'hits', line: 'for hook in hooks' },
        question: { zh: '几次？', en: 'How many?' },
      });
    });
    const errors = errorsOf(load(ID, files));
    const byField = new Map(errors.map((e) => [e.field, e]));
    expect(byField.get('predictions[0].panel')?.message).toMatch(/unknown panel "nowhere"/);
    expect(byField.get('predictions[1].scenario')?.message).toMatch(
      /panel "run_hooks" does not offer scenario "refused"/,
    );
    expect(byField.get('predictions[3].id')?.message).toMatch(/duplicate prediction id/);
    const stale = byField.get(`predictions[${staleAt}].ask.line`);
    expect(stale?.message).toMatch(/anchor text "for hook in hooks" not found in run_hooks/);
    expect(stale?.line).toBe(lineOf(files['lesson.json'], '"line": "for hook in hooks"'));
    expect(errors).toHaveLength(4);
  });

  it('suggests the scenario a misspelt one is near, in the scenario field and in the question', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].scenario = 'blok';
      m.predictions[1].question.en = `${m.predictions[1].question.en} Compare [[pre_eror]].`;
    });
    const byField = new Map(errorsOf(load(ID, files)).map((e) => [e.field, e.message]));
    expect(byField.get('predictions[0].scenario')).toMatch(
      /^panel "run_hooks" does not offer scenario "blok": did you mean "block"\? \(it offers: pass, block, /,
    );
    expect(byField.get('predictions[1].question.en')).toMatch(
      /does not offer scenario "pre_eror": did you mean "pre_error"\?/,
    );
  });

  it('name the kinds a question can ask when its kind is wrong, and the one it was near', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].ask = { kind: 'hit', line: 'x' };
      m.predictions[1].ask = { kind: 'guess' };
    });
    const errors = rawErrorsOf(load(ID, files));
    const byField = new Map(errors.map((e) => [e.field, e]));
    const near = byField.get('predictions[0].ask.kind');
    expect(renderMessage(near!.message, 'en')).toBe(
      'must be one of: "hits", "reached", "output", "value"; did you mean "hits"?',
    );
    expect(renderMessage(near!.message, 'zh')).toBe(
      '必须是以下之一："hits", "reached", "output", "value"；是不是想写 "hits"？',
    );
    expect(renderMessage(byField.get('predictions[1].ask.kind')!.message, 'en')).toBe(
      'must be one of: "hits", "reached", "output", "value"',
    );
  });

  it('are checked in the same run as an error elsewhere in their panel', async () => {
    // A broken step note and a missing entry leave the panel unresolved; the predictions
    // on it are still checked, so the author sees every error at once.
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].steps[0].end = 'no such end anywhere';
      m.panels[0].entry = 'entries/nowhere.py';
      m.predictions[0].ask = { kind: 'hits', line: 'no such line either' };
      m.predictions[1].question.en = `${m.predictions[1].question.en} And under [[refused]]?`;
    });
    const fields = errorsOf(load(ID, files)).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'panels[0].entry',
        'panels[0].steps[0].end',
        'predictions[0].ask.line',
        'predictions[1].question.en',
      ]),
    );
    expect(fields).toHaveLength(4);
  });

  it('are rejected when their line text matches more than one line, naming those lines', async () => {
    // run_hooks has both `if problem is not None:` and `elif problem is not None:`; the
    // first match used to win, so the question silently counted the `if` line.
    const text = 'problem is not None:';
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].ask = { kind: 'hits', line: text };
    });
    const code = files['src/s04/core/runtime.py'];
    const first = lineOf(code, text);
    const second = lineOf(code, text, first);
    const errors = rawErrorsOf(load(ID, files));
    expect(errors.map((e) => e.field)).toEqual(['predictions[0].ask.line']);
    expect(errors[0].line).toBe(lineOf(files['lesson.json'], `"line": "${text}"`));
    expect(renderMessage(errors[0].message, 'en')).toMatch(
      `anchor text "${text}" matches lines ${first} and ${second} of run_hooks`,
    );
    expect(renderMessage(errors[0].message, 'en')).toMatch(/make it match one line$/);
    expect(renderMessage(errors[0].message, 'zh')).toMatch(
      `匹配了第 ${first} 行和第 ${second} 行；请改成只匹配其中一行`,
    );
  });

  it('name the line they are the whole of, even where they are a piece of another too', async () => {
    // `if problem is not None:` is also a piece of `elif problem is not None:`
    const text = 'if problem is not None:';
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].ask = { kind: 'hits', line: text };
    });
    const code = files['src/s04/core/runtime.py'];
    const loaded = load(ID, files);
    expect(loaded.ok).toBe(true);
    const whole = code.split('\n').findIndex((l) => l.trim() === text) + 1;
    expect(whole).toBeGreaterThan(0);
    const ask = loaded.ok ? loaded.lesson.predictions[0]?.ask : undefined;
    expect(ask).toMatchObject({ kind: 'hits', line: whole });
  });

  it('name scenarios in their question only among those the panel offers', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].question.en = 'Under [[refused]], how many times?';
    });
    const errors = errorsOf(load(ID, files));
    expect(errors.map((e) => e.field)).toEqual(['predictions[0].question.en']);
    expect(errors[0].message).toMatch(/panel "run_hooks" does not offer scenario "refused"/);
  });

  it('must be one of the four kinds, with what that kind needs', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].ask = { kind: 'guess', line: 'x' };
      m.predictions[1].ask = { kind: 'output', choices: ['only one'] };
      m.predictions[2].ask = { kind: 'value', name: 'not a name' };
      delete m.predictions[3].question.en;
    });
    const fields = errorsOf(load(ID, files)).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'predictions[0].ask.kind',
        'predictions[1].ask.choices',
        'predictions[2].ask.name',
        'predictions[3].question.en',
      ]),
    );
  });
});
