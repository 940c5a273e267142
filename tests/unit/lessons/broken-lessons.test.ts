import { describe, expect, it } from 'vitest';
import { loadLessonsFromFiles } from '../../../src/lessons/loader.ts';
import { formatLessonError, renderMessage } from '../../../src/lessons/messageText.ts';
import {
  allLessonFiles,
  editManifest,
  errorsOf,
  lessonFiles,
  lineOf,
  load,
  rawErrorsOf,
} from './helpers.ts';

const ID = 's04-hooks';
const MANIFEST = `lessons/${ID}/lesson.json`;

describe('a lesson with a malformed manifest', () => {
  it('reports a missing comma at the line where the parser got stuck', async () => {
    const files = await lessonFiles(ID);
    const text = files['lesson.json'].replace('"order": 1,', '"order": 1');
    const [error, ...rest] = errorsOf(load(ID, { ...files, 'lesson.json': text }));
    expect(rest).toEqual([]);
    expect(error.file).toBe(MANIFEST);
    expect(error.line).toBe(lineOf(text, '"title"'));
    expect(error.message).toMatch(/^invalid JSON: .*expected "," or "}"/);
  });

  it('reports a trailing comma on its own line', async () => {
    const files = await lessonFiles(ID);
    const text = files['lesson.json'].replace(
      '"scenarios": ["before", "after", "rejected"]',
      '"scenarios": ["before", "after", "rejected",]',
    );
    const [error] = errorsOf(load(ID, { ...files, 'lesson.json': text }));
    expect(error.line).toBe(lineOf(text, '"rejected",]'));
    expect(error.message).toMatch(/trailing comma/);
  });

  it('rejects a duplicated key instead of silently keeping the last one', async () => {
    const files = await lessonFiles(ID);
    const text = files['lesson.json'].replace('"order": 1,', '"order": 1,\n  "order": 2,');
    const [error] = errorsOf(load(ID, { ...files, 'lesson.json': text }));
    expect(error.line).toBe(lineOf(text, '"order": 2'));
    expect(error.message).toMatch(/duplicate key "order"/);
  });

  it('reports a missing lesson.json', async () => {
    const files = await lessonFiles(ID);
    delete files['lesson.json'];
    expect(errorsOf(load(ID, files))).toEqual([
      { file: MANIFEST, message: expect.stringMatching(/file not found/) },
    ]);
  });
});

describe('a manifest that does not fit the schema', () => {
  it('names a missing required field and points at its parent', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => delete m.title);
    const errors = errorsOf(load(ID, files));
    expect(errors).toEqual([
      { file: MANIFEST, line: 1, column: 1, field: 'title', message: 'required field is missing' },
    ]);
    const [error] = rawErrorsOf(load(ID, files));
    expect(formatLessonError(error)).toBe(`${MANIFEST}:1:1: title: required field is missing`);
    expect(formatLessonError(error, 'zh')).toBe(`${MANIFEST}:1:1: title: 缺少必填字段`);
  });

  it('names a missing nested field with its full path and the line of its object', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => delete m.panels[1].steps[2].end);
    const [error] = errorsOf(load(ID, files));
    expect(error.field).toBe('panels[1].steps[2].end');
    expect(error.message).toBe('required field is missing');
    // Pretty-printed, the step object opens on the line before its "start" member.
    expect(error.line).toBe(lineOf(files['lesson.json'], '"start": "after = run_hooks("') - 1);
  });

  it('rejects a misspelt field as unknown, at the line of the key, naming the field it should be', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].step = m.panels[0].steps;
      delete m.panels[0].steps;
    });
    const errors = errorsOf(load(ID, files));
    const fields = errors.map((e) => e.field);
    expect(fields).toContain('panels[0].step');
    // one mistake, one error: no second one for the required field it stands for
    expect(fields).not.toContain('panels[0].steps');
    const unknown = errors.find((e) => e.field === 'panels[0].step')!;
    expect(unknown.message).toBe(
      'unknown field: did you mean "steps"? (a required field, missing here)',
    );
    expect(unknown.line).toBe(lineOf(files['lesson.json'], '"step":'));
    const [zh] = rawErrorsOf(load(ID, files)).filter((e) => e.field === 'panels[0].step');
    expect(formatLessonError(zh, 'zh')).toContain('是不是想写必填字段 "steps"');
  });

  it('suggests an optional field a misspelt one is near, at any depth', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.scenarios.pass.descripton = m.scenarios.pass.description;
      delete m.scenarios.pass.description;
      m.budget.maxEvent = m.budget.maxEvents;
      delete m.budget.maxEvents;
    });
    const byField = new Map(errorsOf(load(ID, files)).map((e) => [e.field, e.message]));
    expect(byField.get('scenarios.pass.descripton')).toBe(
      'unknown field: did you mean "description"?',
    );
    expect(byField.get('budget.maxEvent')).toBe('unknown field: did you mean "maxEvents"?');
    const [zh] = rawErrorsOf(load(ID, files)).filter((e) => e.field === 'budget.maxEvent');
    expect(formatLessonError(zh, 'zh')).toContain('未知字段；是不是想写 "maxEvents"？');
  });

  it("says a prediction states no answer where an author writes one, not just 'unknown field'", async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.predictions[0].answer = 1;
      m.predictions[1].ask.correct = true;
      m.panels[0].answer = 1; // elsewhere it is just a field the format does not define
    });
    const byField = new Map(errorsOf(load(ID, files)).map((e) => [e.field, e.message]));
    expect(byField.get('predictions[0].answer')).toMatch(
      /^a prediction states no answer \("answer"\): the answer is what the run does/,
    );
    expect(byField.get('predictions[1].ask.correct')).toMatch(/^a prediction states no answer/);
    expect(byField.get('panels[0].answer')).toMatch(/^unknown field \(check its spelling/);
    const [zh] = rawErrorsOf(load(ID, files)).filter((e) => e.field === 'predictions[0].answer');
    expect(formatLessonError(zh, 'zh')).toContain('预测题不写答案（"answer"）');
  });

  it('keeps both errors when the unknown field is not near the missing one', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].notes = m.panels[0].steps;
      delete m.panels[0].steps;
    });
    const byField = new Map(errorsOf(load(ID, files)).map((e) => [e.field, e.message]));
    expect(byField.get('panels[0].notes')).toMatch(/^unknown field \(check its spelling/);
    expect(byField.get('panels[0].steps')).toBe('required field is missing');
  });

  it('lists a duplicated panel id once in the messages that list the panels', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[1].id = m.panels[0].id;
    });
    files['prose.en.md'] += '\n<!-- panel: nope -->\n';
    const lists = errorsOf(load(ID, files))
      .map((e) => e.message)
      .filter((m) => m.startsWith('unknown panel "nope"'));
    expect(lists).toHaveLength(1);
    expect(lists[0].match(/run_hooks/g)).toHaveLength(1);
  });

  it('reports a misspelt top-level list once, not again at every reference to what it holds', async () => {
    for (const [field, typo] of [
      ['scenarios', 'scenarios_'],
      ['panels', 'panel'],
    ]) {
      const files = await lessonFiles(ID);
      files['lesson.json'] = files['lesson.json'].replace(`"${field}": `, `"${typo}": `);
      const errors = errorsOf(load(ID, files));
      expect(errors.map((e) => [e.field, e.message])).toEqual([
        [typo, `unknown field: did you mean "${field}"? (a required field, missing here)`],
      ]);
    }
  });

  it('reports a misspelt panel scenario list once, not again at every prose reference to its scenarios', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].scenaros = m.panels[0].scenarios;
      delete m.panels[0].scenarios;
    });
    const errors = errorsOf(load(ID, files));
    expect(errors.map((e) => `${e.field ?? e.file}: ${e.message}`)).toEqual([
      'panels[0].scenaros: unknown field: did you mean "scenarios"? (a required field, missing here)',
    ]);
  });

  it('rejects a module name that would shadow the standard library', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => (m.sources[0].module = 'copy'));
    const [error] = errorsOf(load(ID, files));
    expect(error.field).toBe('sources[0].module');
    expect(error.message).toMatch(/would shadow the standard-library module/);
  });

  it('reserves every standard-library name, not a hand-picked few', async () => {
    // Names a hand-picked list tends to miss; all are in sys.stdlib_module_names.
    for (const name of ['graphlib', 'zoneinfo', 'tomllib', 'this', 'antigravity', '_abc']) {
      const files = editManifest(await lessonFiles(ID), (m) => (m.sources[0].module = name));
      const [error] = errorsOf(load(ID, files));
      expect(error.field).toBe('sources[0].module');
      expect(error.message).toContain(`module "${name}" would shadow the standard-library`);
    }
    const files = editManifest(await lessonFiles(ID), (m) => (m.sources[0].module = 'pyodide'));
    expect(errorsOf(load(ID, files))[0].message).toMatch(/shadow the Pyodide module/);
  });

  it('an unknown field does not hide a misspelt function name or a stale anchor', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].colour = 'blue';
      m.panels[1].function = 'execute_hookd';
      m.panels[0].steps[0].start = 'no such text anywhere';
      m.scenarios.pass.labl = m.scenarios.pass.label;
      delete m.scenarios.pass.label;
    });
    const errors = errorsOf(load(ID, files));
    const byField = new Map(errors.map((e) => [e.field, e.message]));
    expect(byField.get('panels[0].colour')).toMatch(/unknown field/);
    expect(byField.get('scenarios.pass.labl')).toMatch(/unknown field: did you mean "label"/);
    expect(byField.get('panels[1].function')).toMatch(/function "execute_hookd" not found/);
    expect(byField.get('panels[0].steps[0].start')).toMatch(/anchor text "no such text/);
    // Nothing invented by the salvage: no error about a panel, scenario or prose that is fine.
    // (scenarios.pass.label is missing too, but that is the misspelt labl's error)
    expect(errors).toHaveLength(4);
  });

  it('takes a function named in Chinese, as Python does, and refuses a name Python would not', async () => {
    const original = await lessonFiles(ID);
    const source = 'src/s04/core/runtime.py';
    const renamed = {
      ...original,
      [source]: original[source].replace('def audit_event(', 'def 审计事件('),
    };
    const chinese = editManifest(renamed, (m) => {
      m.panels[2].function = '审计事件';
    });
    expect(load(ID, chinese).ok).toBe(true);
    const dashed = editManifest(renamed, (m) => {
      m.panels[2].function = '审计-事件';
    });
    expect(
      errorsOf(load(ID, dashed)).find((e) => e.field === 'panels[2].function')?.message,
    ).toMatch(/function must be a Python identifier/);
  });

  it('a wrong type in one panel still lets the other panels be checked', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].steps = 'none';
      m.panels[2].source = 's04/core/nowhere.py';
      m.sources[0].module = 'json';
    });
    const fields = errorsOf(load(ID, files)).map((e) => e.field);
    expect(fields).toEqual(['sources[0].module', 'panels[0].steps', 'panels[2].source']);
  });

  it('rejects a wrong value type and an invalid scenario id', async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.order = 'first';
      m.scenarios['Bad-Id'] = m.scenarios.pass;
    });
    const errors = errorsOf(load(ID, files));
    expect(errors.find((e) => e.field === 'order')?.message).toMatch(/expected number/);
    const key = errors.find((e) => e.field === 'scenarios["Bad-Id"]');
    expect(key?.message).toMatch(/scenario id must match/);
    expect(key?.line).toBe(lineOf(files['lesson.json'], '"Bad-Id"'));
  });
});

describe('a manifest that refers to things that do not exist', () => {
  it('reports an unknown scenario in a panel, listing the catalogue', async () => {
    let offered = 0;
    const files = editManifest(await lessonFiles(ID), (m) => {
      offered = m.panels[0].scenarios.length;
      m.panels[0].scenarios.push('sunny');
    });
    const [error, ...rest] = errorsOf(load(ID, files));
    expect(rest).toEqual([]);
    expect(error.field).toBe(`panels[0].scenarios[${offered}]`);
    expect(error.message).toMatch(
      /unknown scenario "sunny"; the lesson's catalogue has: pass, block/,
    );
    expect(error.line).toBe(lineOf(files['lesson.json'], '"sunny"'));
  });

  it('reports a missing source file at the sources entry', async () => {
    const files = await lessonFiles(ID);
    delete files['src/s04/core/runtime.py'];
    const text = files['lesson.json'];
    const [error, ...rest] = errorsOf(load(ID, files));
    expect(rest).toEqual([]);
    expect(error).toMatchObject({
      file: MANIFEST,
      field: 'sources[1].path',
      line: lineOf(text, '"path": "s04/core/runtime.py"'),
    });
    expect(error.message).toBe(`source file not found: lessons/${ID}/src/s04/core/runtime.py`);
  });

  it('reports a missing setup script', async () => {
    const files = await lessonFiles(ID);
    delete files['setup.py'];
    const [error] = errorsOf(load(ID, files));
    expect(error).toMatchObject({ field: 'setup', line: lineOf(files['lesson.json'], '"setup":') });
    expect(error.message).toMatch(/setup script not found: lessons\/s04-hooks\/setup\.py/);
  });

  it('reports a missing entry script at the panel that needs it', async () => {
    const files = await lessonFiles(ID);
    delete files['entries/execute_hooked.py'];
    const [error, ...rest] = errorsOf(load(ID, files));
    expect(rest).toEqual([]);
    expect(error.field).toBe('panels[1].entry');
    expect(error.message).toMatch(
      /entry script not found: lessons\/s04-hooks\/entries\/execute_hooked\.py/,
    );
  });

  it('reports a missing scenario script at its catalogue entry', async () => {
    const files = await lessonFiles(ID);
    delete files['scenarios/after.py'];
    const [error] = errorsOf(load(ID, files));
    expect(error.field).toBe('scenarios.after.script');
    expect(error.line).toBe(lineOf(files['lesson.json'], '"script": "scenarios/after.py"'));
  });

  it('reports a panel source that is not one of the lesson sources', async () => {
    const files = editManifest(
      await lessonFiles(ID),
      (m) => (m.panels[0].source = 's04/core/hooks.py'),
    );
    const [error] = errorsOf(load(ID, files));
    expect(error.field).toBe('panels[0].source');
    expect(error.message).toMatch(
      /"s04\/core\/hooks.py" is not one of the lesson's sources \(s04\/core\/gate.py, s04\/core\/runtime.py\)/,
    );
  });

  it('reports a focus function that the panel source does not define', async () => {
    const files = editManifest(
      await lessonFiles(ID),
      (m) => (m.panels[2].function = 'audit_events'),
    );
    const [error, ...rest] = errorsOf(load(ID, files));
    expect(rest).toEqual([]);
    expect(error.field).toBe('panels[2].function');
    expect(error.message).toMatch(
      `function "audit_events" not found in lessons/${ID}/src/s04/core/runtime.py (no line matching "def audit_events("); the file defines: run_hooks, check_answer, execute_hooked, audit_event, `,
    );
  });

  it('reports a focus function defined twice: the panel would show code that never runs', async () => {
    const files = await lessonFiles(ID);
    const path = 'src/s04/core/runtime.py';
    const first = lineOf(files[path] as string, 'def audit_event(');
    const extra = '\n\ndef audit_event(event, payload, entries):\n    return None\n';
    files[path] = `${files[path]}${extra}`;
    const lines = (files[path] as string).split('\n').length;
    const [error, ...rest] = errorsOf(load(ID, files));
    expect(rest).toEqual([]);
    expect(error.field).toBe('panels[2].function');
    expect(error.message).toBe(
      `function "audit_event" is defined more than once in lessons/${ID}/${path} (lines ${first}, ${lines - 2}): when the file runs the later definition replaces the earlier, while the panel shows the first; rename one of them`,
    );
  });

  it('looks for the function only in the panel source, not in the other sources', async () => {
    const files = editManifest(
      await lessonFiles(ID),
      (m) => (m.panels[0].source = 's04/core/gate.py'),
    );
    const [error] = errorsOf(load(ID, files));
    expect(error.field).toBe('panels[0].function');
    expect(error.message).toMatch(
      /"run_hooks" not found in lessons\/s04-hooks\/src\/s04\/core\/gate\.py/,
    );
  });
});

describe('step notes out of the code’s order', () => {
  it('report a note that repeats the previous one’s lines, or starts before them', async () => {
    const files = await lessonFiles(ID);
    const notes = (JSON.parse(files['lesson.json']) as { panels: { steps: object[] }[] }).panels[0]
      .steps;
    const repeated = editManifest(files, (m) => {
      m.panels[0].steps[1] = { ...m.panels[0].steps[0] };
    });
    const [again, ...rest] = errorsOf(load(ID, repeated));
    expect(rest).toEqual([]);
    expect(again.field).toBe('panels[0].steps[1].start');
    expect(again.message).toMatch(/^this step note starts on the same line as the one before it/);
    const swapped = editManifest(files, (m) => {
      [m.panels[0].steps[0], m.panels[0].steps[1]] = [m.panels[0].steps[1], m.panels[0].steps[0]];
    });
    expect(notes.length).toBeGreaterThan(1);
    const [order] = errorsOf(load(ID, swapped));
    expect(order.field).toBe('panels[0].steps[1].start');
    expect(order.message).toMatch(/starts before the one before it .*notes are shown in the order/);
  });
});

describe('step notes whose anchor text cannot be found', () => {
  it('report a start text that is not in the function', async () => {
    const files = editManifest(
      await lessonFiles(ID),
      (m) => (m.panels[0].steps[1].start = 'except BaseException'),
    );
    const [error, ...rest] = errorsOf(load(ID, files));
    expect(rest).toEqual([]);
    expect(error.field).toBe('panels[0].steps[1].start');
    expect(error.message).toMatch(
      /^anchor text "except BaseException" not found in run_hooks \(lessons\/s04-hooks\/src\/s04\/core\/runtime\.py, lines \d+-\d+\)$/,
    );
    expect(error.line).toBe(lineOf(files['lesson.json'], '"start": "except BaseException"'));
  });

  it('report an end text that only occurs before the start line', async () => {
    const files = editManifest(
      await lessonFiles(ID),
      (m) => (m.panels[0].steps[2].end = 'chain = tuple('),
    );
    const [error] = errorsOf(load(ID, files));
    expect(error.field).toBe('panels[0].steps[2].end');
    expect(error.message).toMatch(
      /anchor text "chain = tuple\(" not found in run_hooks .* at or after line \d+/,
    );
  });

  it('do not reach outside the focus function', async () => {
    // This text is in execute_hooked, the function just above audit_event.
    const files = editManifest(
      await lessonFiles(ID),
      (m) => (m.panels[2].steps[0].start = 'snapshot = copy.deepcopy(call)'),
    );
    const [error] = errorsOf(load(ID, files));
    expect(error.field).toBe('panels[2].steps[0].start');
  });
});

describe('prose with wrong panel markers', () => {
  it('reports a panel that is never placed', async () => {
    const files = await lessonFiles(ID);
    files['prose.zh.md'] = files['prose.zh.md'].replace('<!-- panel: execute_hooked -->\n', '');
    const errors = errorsOf(load(ID, files));
    // its things to try are left without a panel: reported too, once, at their first line,
    // as parted from the marker above them by that panel's text
    const orphans = errors.filter((e) => e.line !== undefined);
    expect(orphans.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^"<!-- try -->" does not follow the panel marker at line \d+: the text at line \d+ stands between them/,
      ),
    ]);
    const [error, ...rest] = errors.filter((e) => e.line === undefined);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ file: `lessons/${ID}/prose.zh.md`, field: 'panels[1]' });
    expect(error.message).toMatch(/panel "execute_hooked" is not placed/);
    // where the other article places it, to find the matching place
    const enLine = lineOf(files['prose.en.md'], '<!-- panel: execute_hooked -->');
    expect(error.message).toBe(
      `panel "execute_hooked" is not placed in this article (prose.en.md places it at line ${enLine}); add a line "<!-- panel: execute_hooked -->" at the matching place`,
    );
    expect(
      formatLessonError(rawErrorsOf(load(ID, files)).find((e) => e.field === 'panels[1]')!, 'zh'),
    ).toContain(`（prose.en.md 把它放在第 ${enLine} 行）`);
  });

  it('reports a panel placed twice at the second marker', async () => {
    const files = await lessonFiles(ID);
    files['prose.en.md'] += '\n<!-- panel: run_hooks -->\n';
    const [error] = errorsOf(load(ID, files));
    const first = lineOf(files['prose.en.md'], '<!-- panel: run_hooks -->');
    expect(error).toMatchObject({
      file: `lessons/${ID}/prose.en.md`,
      line: lineOf(files['prose.en.md'], '<!-- panel: run_hooks -->', first),
    });
    expect(error.message).toBe(
      `panel "run_hooks" is placed twice (first at line ${first}); place each panel exactly once`,
    );
  });

  it('lists a misspelt marker before the errors it causes further down', async () => {
    // The marker of run_hooks misspelt: its [[scenario]] names and its things to try,
    // further down, no longer have their panel. The cause is listed first.
    const files = await lessonFiles(ID);
    files['prose.en.md'] = files['prose.en.md'].replace(
      '<!-- panel: run_hooks -->',
      '<!-- panel: run_hook -->',
    );
    const errors = errorsOf(load(ID, files)).filter((e) => e.file.endsWith('prose.en.md'));
    expect(errors[0].message).toMatch(/^unknown panel "run_hook": did you mean "run_hooks"\?/);
    const lines = errors.map((e) => e.line ?? Number.MAX_SAFE_INTEGER);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    // The panel it meant is not reported again as "not placed": the one error names it.
    expect(errors.filter((e) => /is not placed/.test(e.message))).toEqual([]);
    // Its things to try are not also reported, one error per scenario they name: they
    // follow a marker that names no panel, and that marker is the one error.
    expect(errors.filter((e) => /has no scenario/.test(e.message))).toEqual([]);
  });

  it('reports a marker naming an unknown panel', async () => {
    const files = await lessonFiles(ID);
    files['prose.zh.md'] = `<!-- panel: run_hook -->\n${files['prose.zh.md']}`;
    const [error] = errorsOf(load(ID, files));
    expect(error).toMatchObject({ file: `lessons/${ID}/prose.zh.md`, line: 1 });
    expect(error.message).toMatch(
      /unknown panel "run_hook": did you mean "run_hooks"\? The lesson's panels are: run_hooks, execute_hooked, audit_event/,
    );
    // a name near none of them gets the list alone
    files['prose.zh.md'] = files['prose.zh.md'].replace(
      '<!-- panel: run_hook -->',
      '<!-- panel: zzz -->',
    );
    const [other] = errorsOf(load(ID, files));
    expect(other.message).toMatch(/^unknown panel "zzz"; the lesson's panels are: run_hooks/);
  });

  it('reports a malformed marker instead of showing it as text', async () => {
    const files = await lessonFiles(ID);
    files['prose.en.md'] = files['prose.en.md'].replace(
      '<!-- panel: audit_event -->',
      '<!--panel:audit_event-->',
    );
    const errors = errorsOf(load(ID, files));
    // the marker to write, and the panel it meant not reported again as "not placed"
    expect(errors.map((e) => e.message)).toEqual([
      'malformed panel marker "<!--panel:audit_event-->"; write "<!-- panel: audit_event -->" on its own line',
    ]);
    files['prose.en.md'] = files['prose.en.md'].replace(
      '<!--panel:audit_event-->',
      '<!-- Panel: Audit-Evnt -->',
    );
    const [near] = rawErrorsOf(load(ID, files));
    expect(formatLessonError(near, 'zh')).toContain(
      '面板标记 "<!-- Panel: Audit-Evnt -->" 格式错误；请单独一行写成 "<!-- panel: audit_event -->"',
    );
    // a marker naming no panel at all keeps the general advice, and the panel is missing
    files['prose.en.md'] = files['prose.en.md'].replace(
      '<!-- Panel: Audit-Evnt -->',
      '<!-- panel -->',
    );
    expect(errorsOf(load(ID, files)).map((e) => e.message)).toEqual([
      expect.stringMatching(/^malformed panel marker "<!-- panel -->"; write exactly/),
      expect.stringMatching(/panel "audit_event" is not placed/),
    ]);
  });

  it('reports a things-to-try scenario the panel does not offer, at its line', async () => {
    const files = await lessonFiles(ID);
    files['prose.zh.md'] = files['prose.zh.md'].replace('[[block]]', '[[blok]]');
    const [error] = errorsOf(load(ID, files));
    expect(error).toMatchObject({
      file: `lessons/${ID}/prose.zh.md`,
      line: lineOf(files['prose.zh.md'], '[[blok]]'),
    });
    expect(error.message).toMatch(
      /^\[\[blok\]\]: panel "run_hooks" has no scenario "blok": did you mean \[\[block\]\]\? \(it offers: pass, block, /,
    );
    // a name near none of them gets the list alone
    files['prose.zh.md'] = files['prose.zh.md'].replace('[[blok]]', '[[zzz]]');
    const [far] = errorsOf(load(ID, files));
    expect(far.message).toMatch(
      /^\[\[zzz\]\]: panel "run_hooks" has no scenario "zzz" \(it offers: pass, /,
    );
  });

  it('reports a [[…]] that is not a scenario id, with the id it was meant to be, at its column', async () => {
    const files = await lessonFiles(ID);
    const en = files['prose.en.md'];
    const line = lineOf(en, '[[pass]]');
    const text = en.split('\n')[line - 1];
    // three near misses on one line, each told apart by its column; Python in code is not one
    const odd = text.replace(
      '[[pass]]',
      '[[Pass]] [[ pre_error ]] [[post-error]] `[[1, 2]]` [[what?]]',
    );
    files['prose.en.md'] = en.replace(text, odd);
    const errors = errorsOf(load(ID, files)).filter((e) => e.file.endsWith('prose.en.md'));
    const at = (ref: string) => odd.indexOf(ref) + 1;
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [
        line,
        at('[[Pass]]'),
        expect.stringMatching(
          /^\[\[Pass\]\] is not a scenario reference: .*did you mean \[\[pass\]\]\?$/,
        ),
      ],
      [line, at('[[ pre_error ]]'), expect.stringMatching(/did you mean \[\[pre_error\]\]\?$/)],
      [line, at('[[post-error]]'), expect.stringMatching(/did you mean \[\[post_error\]\]\?$/)],
      [
        line,
        at('[[what?]]'),
        expect.stringMatching(
          /^\[\[what\?\]\] is not a scenario reference: .*\(the panel offers: pass, /,
        ),
      ],
    ]);
  });

  it('reports a things-to-try block that does not follow a panel marker', async () => {
    const files = await lessonFiles(ID);
    files['prose.en.md'] = `Intro.\n<!-- try -->\n- x\n<!-- /try -->\n${files['prose.en.md']}`;
    const errors = errorsOf(load(ID, files));
    // one mistake, one error: at the opening line, not again at the closing one
    expect(errors.map((e) => [e.line, e.message])).toEqual([
      [
        2,
        expect.stringMatching(
          /^"<!-- try -->" follows no panel marker \(is its panel's marker missing\?\)/,
        ),
      ],
    ]);
  });

  it("reports things to try written in one article only, at the other's panel marker", async () => {
    const files = await lessonFiles(ID);
    const zh = files['prose.zh.md'];
    const open = zh.indexOf('<!-- try -->');
    const close = zh.indexOf('<!-- /try -->', open) + '<!-- /try -->\n'.length;
    files['prose.zh.md'] = zh.slice(0, open) + zh.slice(close);
    const marker = files['prose.zh.md'].lastIndexOf('<!-- panel: ', open);
    const panelId = /<!-- panel: (\w+) -->/.exec(files['prose.zh.md'].slice(marker))?.[1];
    const errors = rawErrorsOf(load(ID, files));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      file: `lessons/${ID}/prose.zh.md`,
      line: lineOf(files['prose.zh.md'], `<!-- panel: ${panelId} -->`),
    });
    expect(formatLessonError(errors[0])).toContain(
      `panel "${panelId}" has things to try in prose.en.md but not here`,
    );
    expect(formatLessonError(errors[0], 'zh')).toContain(
      `面板 "${panelId}" 在 prose.en.md 里有"动手试试"，这里却没有`,
    );
  });

  it('says which text parts a things-to-try block from its panel marker, in zh and en', async () => {
    const files = await lessonFiles(ID);
    files['prose.en.md'] = files['prose.en.md'].replace(
      '<!-- panel: run_hooks -->\n',
      '<!-- panel: run_hooks -->\n\nA sentence in the way.\n',
    );
    const marker = lineOf(files['prose.en.md'], '<!-- panel: run_hooks -->');
    const [error, ...rest] = rawErrorsOf(load(ID, files));
    expect(rest).toEqual([]);
    const gap = lineOf(files['prose.en.md'], 'A sentence in the way.');
    expect(error.line).toBe(lineOf(files['prose.en.md'], '<!-- try -->'));
    expect(formatLessonError(error)).toContain(
      `"<!-- try -->" does not follow the panel marker at line ${marker}: the text at line ${gap} stands between them`,
    );
    expect(formatLessonError(error, 'zh')).toContain(
      `没有紧跟在第 ${marker} 行的面板标记之后：第 ${gap} 行的文字隔在中间`,
    );
  });

  it('reports a malformed marker once, not again at the things to try under it', async () => {
    const files = await lessonFiles(ID);
    files['prose.en.md'] = files['prose.en.md'].replace(
      '<!-- panel: run_hooks -->',
      '<!--panel: run_hooks-->',
    );
    const errors = errorsOf(load(ID, files)).filter((e) => e.file.endsWith('prose.en.md'));
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^malformed panel marker "<!--panel: run_hooks-->"; write "<!-- panel: run_hooks -->"/,
      ),
    ]);
  });

  it('reports a code fence never closed at the line it opens, and still checks the markers after it', async () => {
    const files = await lessonFiles(ID);
    files['prose.zh.md'] = files['prose.zh.md'].replace(
      '<!-- panel: run_hooks -->',
      '```python\nanswer = None\n\n<!-- panel: run_hooks -->',
    );
    const line = lineOf(files['prose.zh.md'], '```python');
    const errors = rawErrorsOf(load(ID, files));
    expect(errors.map((e) => formatLessonError(e))).toEqual([
      `lessons/${ID}/prose.zh.md:${line}: the code fence "\`\`\`python" opened at line ${line} is never closed; close it with a line "\`\`\`" where the code ends`,
    ]);
    expect(formatLessonError(errors[0], 'zh')).toBe(
      `lessons/${ID}/prose.zh.md:${line}: 第 ${line} 行开始的代码块 "\`\`\`python" 没有结束；请在代码结束处加一行 "\`\`\`"`,
    );
  });

  it("reports a typo in a panel's scenario list once, at the list, naming the catalogue's ids", async () => {
    const files = editManifest(await lessonFiles(ID), (m) => {
      m.panels[0].scenarios[1] = 'blok';
    });
    const errors = errorsOf(load(ID, files));
    expect(errors).toEqual([
      {
        file: MANIFEST,
        line: lineOf(files['lesson.json'], '"blok"'),
        column: expect.any(Number),
        field: 'panels[0].scenarios[1]',
        message: expect.stringMatching(
          /^unknown scenario "blok": did you mean "block"\? The lesson's catalogue has: pass, block, /,
        ),
      },
    ]);
    // A reference to no scenario at all is still an error; the panel offers only real ids.
    files['prose.en.md'] = files['prose.en.md'].replace('[[pass]] and under', '[[nope]] and under');
    const [, nope] = errorsOf(load(ID, files));
    expect(nope).toMatchObject({
      file: `lessons/${ID}/prose.en.md`,
      line: lineOf(files['prose.en.md'], '[[nope]]'),
    });
    expect(nope.message).toBe(
      '[[nope]]: panel "run_hooks" has no scenario "nope" (it offers: pass, pre_error, post_error, mutate, allow_string, false_return, late_register, interrupt)',
    );
  });

  it('reports a try block never closed at its opening line, and the other errors of the file', async () => {
    const files = await lessonFiles(ID);
    const en = files['prose.en.md'];
    const cut = en.indexOf('<!-- /try -->');
    files['prose.en.md'] = `${en.slice(0, cut)}${en.slice(cut + '<!-- /try -->\n'.length)}`.replace(
      'Under [[refused]]',
      'Under [[refuse]]',
    );
    const text = files['prose.en.md'];
    const opened = lineOf(text, '<!-- try -->');
    const errors = rawErrorsOf(load(ID, files));
    expect(errors.map((e) => [e.file, e.line, renderMessage(e.message, 'en')])).toEqual([
      [
        `lessons/${ID}/prose.en.md`,
        opened,
        `"<!-- try -->" opened at line ${opened} is never closed; end the things to try with a "<!-- /try -->" line`,
      ],
      [
        `lessons/${ID}/prose.en.md`,
        lineOf(text, '[[refuse]]'),
        expect.stringMatching(/^\[\[refuse\]\]: panel "execute_hooked" has no scenario "refuse"/),
      ],
    ]);
    expect(renderMessage(errors[0].message, 'zh')).toBe(
      `第 ${opened} 行的 "<!-- try -->" 一直没有结束；请在要试的内容之后加一行 "<!-- /try -->"`,
    );
  });

  it('ignores marker-like lines inside fenced code blocks', async () => {
    const files = await lessonFiles(ID);
    files['prose.en.md'] += '\n```markdown\n<!-- panel: run_hooks -->\n<!-- panel: nope -->\n```\n';
    expect(load(ID, files).ok).toBe(true);
  });

  it('reports a missing article file', async () => {
    const files = await lessonFiles(ID);
    delete files['prose.en.md'];
    expect(errorsOf(load(ID, files))).toEqual([
      {
        file: `lessons/${ID}/prose.en.md`,
        message:
          'file not found: prose.en.md is required (every lesson has a Chinese and an English article)',
      },
    ]);
  });
});

describe('lesson identity and error collection', () => {
  it('reports a folder whose name differs from the manifest id', async () => {
    const files = await lessonFiles(ID);
    const [error, ...rest] = errorsOf(load('s04-hooks-copy', files));
    expect(rest).toEqual([]);
    expect(error).toMatchObject({
      file: 'lessons/s04-hooks-copy/lesson.json',
      field: 'id',
      line: lineOf(files['lesson.json'], '"id": "s04-hooks"'),
    });
    expect(error.message).toBe('id "s04-hooks" does not match its folder name "s04-hooks-copy"');
  });

  it('collects every problem of a lesson instead of stopping at the first', async () => {
    let offered = 0;
    const files = editManifest(await lessonFiles(ID), (m) => {
      offered = m.panels[0].scenarios.length;
      m.panels[0].scenarios.push('sunny');
      m.panels[2].function = 'audit_events';
      m.panels[1].steps[0].end = 'no such line';
    });
    delete files['setup.py'];
    files['prose.zh.md'] += '\n<!-- panel: ghost -->\n';
    const fields = errorsOf(load(ID, files)).map((e) => e.field ?? e.message);
    expect(fields).toEqual(
      expect.arrayContaining([
        'setup',
        `panels[0].scenarios[${offered}]`,
        'panels[1].steps[0].end',
        'panels[2].function',
        expect.stringMatching(/unknown panel "ghost"/),
      ]),
    );
  });

  it('keeps loading the other lessons when one is broken', async () => {
    const all = await allLessonFiles();
    all['lessons/s04-hooks/lesson.json'] = all['lessons/s04-hooks/lesson.json'].replace(
      '"order": 1,',
      '"order": 1',
    );
    const { lessons, broken } = loadLessonsFromFiles(all);
    expect(lessons.map((l) => l.id)).toEqual(['hook-registry']);
    expect(broken.map((b) => b.id)).toEqual(['s04-hooks']);
    expect(broken[0].errors[0].file).toBe('lessons/s04-hooks/lesson.json');
  });

  it('ignores golden files and accepts Vite-style leading slashes in paths', async () => {
    const all = await allLessonFiles();
    const viteStyle = Object.fromEntries(Object.entries(all).map(([k, v]) => [`/${k}`, v]));
    viteStyle['/lessons/s04-hooks/golden/run_hooks/pass.json'] = '{ not json';
    const { lessons, broken } = loadLessonsFromFiles(viteStyle);
    expect(broken).toEqual([]);
    expect(lessons).toHaveLength(2);
  });
});
