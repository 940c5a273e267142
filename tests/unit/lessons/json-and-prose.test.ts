import { describe, expect, it } from 'vitest';
import { inlineParts } from '../../../src/lessons/inline.ts';
import { formatJsonPath, parseJsonWithPositions } from '../../../src/lessons/json.ts';
import { renderMarkdown } from '../../../src/lessons/markdown.ts';
import { renderMessage } from '../../../src/lessons/messageText.ts';
import { splitProse } from '../../../src/lessons/prose.ts';
import { scenarioRefs } from '../../../src/lessons/tries.ts';
import { withScenarioButtons } from '../../../src/lessons/tryButtons.ts';

describe('the manifest JSON parser', () => {
  it('parses what JSON.parse parses', () => {
    const text =
      '{"a": [1, -2.5e3, true, false, null], "b": {"c": "x\\n\\u00e9\\"y"}, "__proto__": 1}';
    const parsed = parseJsonWithPositions(text);
    expect(parsed.ok && parsed.value).toEqual(JSON.parse(text));
    expect(parsed.ok && Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
  });

  it('records the line and column of members and elements', () => {
    const parsed = parseJsonWithPositions('{\n  "panels": [\n    {"id": "x"}\n  ]\n}');
    if (!parsed.ok) throw new Error('should parse');
    expect(parsed.positions.get('panels')).toEqual({ line: 2, column: 3 });
    expect(parsed.positions.get('panels[0]')).toEqual({ line: 3, column: 5 });
    expect(parsed.positions.get('panels[0].id')).toEqual({ line: 3, column: 6 });
  });

  it('locates syntax errors by line and column', () => {
    expect(parseJsonWithPositions('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({
      ok: false,
      error: { line: 3, column: 3 },
    });
    expect(parseJsonWithPositions('{"a": "unterminated\n}')).toMatchObject({
      ok: false,
      error: { line: 1, column: 7 },
    });
    expect(parseJsonWithPositions('')).toMatchObject({
      ok: false,
      error: { message: { key: 'jsonEmpty' } },
    });
    expect(parseJsonWithPositions('{} x')).toMatchObject({
      ok: false,
      error: { line: 1, column: 4 },
    });
  });

  it('says what is wrong in either language, naming what it found', () => {
    const parsed = parseJsonWithPositions('{"a": 1 x}');
    if (parsed.ok) throw new Error('expected a syntax error');
    expect(renderMessage(parsed.error.message, 'en')).toBe(
      'unexpected character "x", expected "," or "}"',
    );
    expect(renderMessage(parsed.error.message, 'zh')).toBe('意外的字符 "x"，这里应是 "," 或 "}"');
  });

  it('refuses a number too large to store, at its place, not as "expected number, received number"', () => {
    const parsed = parseJsonWithPositions('{\n  "order": 1e400\n}');
    if (parsed.ok) throw new Error('expected an error');
    expect(parsed.error).toMatchObject({ line: 2, column: 12 });
    expect(renderMessage(parsed.error.message, 'en')).toBe(
      'the number 1e400 is too large to be stored as a number',
    );
    expect(renderMessage(parsed.error.message, 'zh')).toBe('数字 1e400 太大，没法存成一个数');
    expect(parseJsonWithPositions('[1e308, -2.5e-300]')).toMatchObject({ ok: true });
  });

  it('refuses nesting thousands of levels deep with an error, not a stack overflow', () => {
    const deep = `{"junk": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const parsed = parseJsonWithPositions(deep);
    if (parsed.ok) throw new Error('expected an error');
    expect(parsed.error).toMatchObject({ line: 1, column: 10 + 99 });
    expect(renderMessage(parsed.error.message, 'en')).toBe(
      'nested more than 100 levels deep: no lesson file needs that',
    );
    const fine = `{"a": ${'['.repeat(99)}${']'.repeat(99)}}`;
    expect(parseJsonWithPositions(fine)).toMatchObject({ ok: true });
  });

  it('formats paths the way errors name fields', () => {
    expect(formatJsonPath(['panels', 0, 'steps', 1, 'end'])).toBe('panels[0].steps[1].end');
    expect(formatJsonPath(['scenarios', 'pre_error', 'label'])).toBe('scenarios.pre_error.label');
    expect(formatJsonPath(['scenarios', 'Bad-Id'])).toBe('scenarios["Bad-Id"]');
  });
});

describe('splitting an article at panel markers', () => {
  it('alternates markdown and panel segments, dropping blank-only text', () => {
    const { segments, markers } = splitProse(
      '# Title\n\nIntro.\n\n<!-- panel: a -->\n\n<!-- panel: b -->\nOutro.\n',
    );
    expect(segments).toEqual([
      { kind: 'markdown', text: '# Title\n\nIntro.' },
      { kind: 'panel', panelId: 'a' },
      { kind: 'panel', panelId: 'b' },
      { kind: 'markdown', text: 'Outro.' },
    ]);
    expect(markers).toEqual([
      { panelId: 'a', line: 5 },
      { panelId: 'b', line: 7 },
    ]);
  });

  it('tolerates spaces around a marker but flags near-misses', () => {
    const { markers, malformed } = splitProse(
      '  <!-- panel: a -->  \n<!-- panel: Bad -->\n<!-- Panel: c -->\n',
    );
    expect(markers).toEqual([{ panelId: 'a', line: 1 }]);
    expect(malformed.map((m) => m.line)).toEqual([2, 3]);
  });

  it('reports a fence never closed at its line and still finds the markers after it', () => {
    // At the end of the article, or when a line like ```python opens another block.
    for (const tail of ['', '```python\ny = 2\n```\n']) {
      const { markers, malformed } = splitProse(
        `Intro.\n\`\`\`python\nx = 1\n<!-- panel: a -->\n${tail}`,
      );
      expect(malformed).toEqual([{ line: 2, text: '```python', kind: 'fence' }]);
      expect(markers).toEqual([{ panelId: 'a', line: 4 }]);
    }
    // A longer fence may show a shorter one, and a closing line may be indented.
    const shown = splitProse('````markdown\n```python\n<!-- panel: a -->\n```\n  ````\n');
    expect(shown.malformed).toEqual([]);
    expect(shown.markers).toEqual([]);
  });

  it('treats markers inside fenced code as text', () => {
    const { segments, markers } = splitProse('~~~\n<!-- panel: a -->\n~~~\n');
    expect(markers).toEqual([]);
    expect(segments).toEqual([{ kind: 'markdown', text: '~~~\n<!-- panel: a -->\n~~~' }]);
  });
});

describe("a panel's things to try", () => {
  const article = [
    'Intro.', // 1
    '', // 2
    '<!-- panel: a -->', // 3
    '', // 4
    '<!-- try -->', // 5
    '- Run [[pass]], then [[block]].', // 6
    '- Step back.', // 7
    '<!-- /try -->', // 8
    '', // 9
    'After.', // 10
  ].join('\n');

  it('attach to the panel marker just above them and leave the article', () => {
    const { segments, tries, malformed } = splitProse(article);
    expect(malformed).toEqual([]);
    expect(segments).toEqual([
      { kind: 'markdown', text: 'Intro.' },
      { kind: 'panel', panelId: 'a', tries: '- Run [[pass]], then [[block]].\n- Step back.' },
      { kind: 'markdown', text: 'After.' },
    ]);
    expect(tries).toEqual([
      { panelId: 'a', line: 6, text: '- Run [[pass]], then [[block]].\n- Step back.' },
    ]);
    expect(scenarioRefs(tries[0])).toEqual([
      { id: 'pass', line: 6, column: 7, valid: true },
      { id: 'block', line: 6, column: 22, valid: true },
    ]);
  });

  it('report a try block that follows text instead of a panel, and keep its text', () => {
    const { segments, tries, malformed } = splitProse('Text.\n<!-- try -->\n- x\n<!-- /try -->\n');
    expect(tries).toEqual([]);
    // reported once, at its opening line
    expect(malformed).toEqual([{ line: 2, text: '<!-- try -->', kind: 'try-orphan' }]);
    expect(segments).toEqual([
      { kind: 'markdown', text: 'Text.\n<!-- try -->\n- x\n<!-- /try -->' },
    ]);
  });

  it('report an unclosed try block at its opening line, and keep its text', () => {
    const { segments, malformed } = splitProse('<!-- panel: a -->\n<!-- try -->\n- x\n');
    expect(malformed).toEqual([{ line: 2, text: '<!-- try -->', kind: 'try-unclosed' }]);
    expect(segments).toEqual([
      { kind: 'panel', panelId: 'a' },
      { kind: 'markdown', text: '- x' },
    ]);
  });

  it('end a try block never closed at the next panel marker, which still places its panel', () => {
    const { segments, markers, tries, malformed } = splitProse(
      '<!-- panel: a -->\n<!-- try -->\n- x\n<!-- panel: b -->\n<!-- try -->\n- [[y]]\n<!-- /try -->\n',
    );
    expect(malformed).toEqual([{ line: 2, text: '<!-- try -->', kind: 'try-unclosed' }]);
    expect(markers).toEqual([
      { panelId: 'a', line: 1 },
      { panelId: 'b', line: 4 },
    ]);
    expect(tries).toEqual([{ panelId: 'b', line: 6, text: '- [[y]]' }]);
    expect(segments).toEqual([
      { kind: 'panel', panelId: 'a' },
      { kind: 'markdown', text: '- x' },
      { kind: 'panel', panelId: 'b', tries: '- [[y]]' },
    ]);
  });

  it('show each scenario by the label the picker shows, as a button, escaped', () => {
    const labels: Record<string, string> = { pass: 'All <pass>', block: '维护拦截' };
    const html = renderMarkdown('Try [[pass]] or [[block]]; [[nope]] stays, `[[pass]]` is code.');
    expect(withScenarioButtons(html, (id) => labels[id])).toBe(
      '<p>Try <button type="button" class="try-scenario" data-scenario="pass">All &#60;pass&#62;</button>' +
        ' or <button type="button" class="try-scenario" data-scenario="block">维护拦截</button>;' +
        ' [[nope]] stays, <code>[[pass]]</code> is code.</p>\n',
    );
  });

  it('leave a reference inside a tag as written: no button in an alt or a title', () => {
    const html = renderMarkdown(
      '![[[pass]] onerror=alert(1) x](http://a/b.png) [see [[pass]]](http://a "t [[pass]]")',
    );
    const out = withScenarioButtons(html, () => 'Pass');
    expect(out).toContain('alt="[[pass]] onerror=alert(1) x"');
    expect(out).toContain('title="t [[pass]]"');
    // the link's text is text: it gets its button
    expect(out.match(/<button /g)).toHaveLength(1);
    expect(out).toMatch(/<img src="http:\/\/a\/b\.png" alt="[^"<>]*">/);
  });
});

describe('a short lesson text with inline code and scenario names', () => {
  const labelOf = (id: string) => ({ block: 'Maintenance block' })[id];

  it('splits into text, code and scenario labels', () => {
    expect(inlineParts('Under [[block]], does `x = 1` run?', labelOf)).toEqual([
      { kind: 'text', text: 'Under ' },
      { kind: 'scenario', id: 'block', text: 'Maintenance block' },
      { kind: 'text', text: ', does ' },
      { kind: 'code', text: 'x = 1' },
      { kind: 'text', text: ' run?' },
    ]);
  });

  it('keeps an unknown scenario and a lone backtick as written', () => {
    expect(inlineParts('[[nope]] and a ` here', labelOf)).toEqual([
      { kind: 'text', text: '[[nope]] and a ` here' },
    ]);
  });
});
