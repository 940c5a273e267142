import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EMBED_HEIGHT_MESSAGE,
  embedFailure,
  embedMissingText,
  embedSnippet,
  embedUrl,
} from '../../../src/store/embed';
import { decodePanelState } from '../../../src/store/share';

const target = {
  base: 'https://python.example.org/course/',
  lesson: 's04-hooks',
  panel: 'run_hooks',
  title: 'run_hooks "demo" <1>',
  scenario: 'block',
  breakpoints: [
    { id: 'b1', file: 's04/core/runtime.py', line: 20, enabled: true, condition: 'x > 1' },
  ],
  lang: 'en' as const,
};

describe('the embed snippet', () => {
  it('points at the embed view with the lesson, panel, scenario and breakpoints', () => {
    const url = new URL(embedUrl(target));
    expect(url.origin + url.pathname).toBe('https://python.example.org/course/embed');
    expect(url.searchParams.get('lesson')).toBe('s04-hooks');
    expect(url.searchParams.get('panel')).toBe('run_hooks');
    expect(url.searchParams.get('lang')).toBe('en');
    const state = decodePanelState(url.searchParams.get('s'));
    expect(state.scenario).toBe('block');
    expect(state.position).toBe(-1);
    expect(state.breakpoints).toMatchObject([
      { file: 's04/core/runtime.py', line: 20, enabled: true, condition: 'x > 1' },
    ]);
  });

  it('asks for the compact view only when the instructor ticks it', () => {
    expect(new URL(embedUrl(target)).searchParams.get('view')).toBeNull();
    expect(new URL(embedUrl({ ...target, compact: true })).searchParams.get('view')).toBe(
      'compact',
    );
  });

  it('is an iframe with an escaped title and the optional host script', () => {
    const html = embedSnippet(target);
    expect(html).toContain('title="run_hooks &quot;demo&quot; &lt;1>"');
    expect(html).toContain('allow="cross-origin-isolated"');
    expect(html).toContain(`src="${embedUrl(target).replace(/&/g, '&amp;')}"`);
    expect(html).toContain(
      '<script src="https://python.example.org/course/embed-host.js" async></script>',
    );
  });

  it("is what docs/deploy.md shows: the button's snippet, with a decodable s=", () => {
    const doc = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
    const shown = /```html\n(<iframe src="https:\/\/python\.example\.org\/embed\?[\s\S]*?)```/.exec(
      doc,
    );
    expect(shown, 'the embed example in docs/deploy.md').not.toBeNull();
    const snippet = embedSnippet({
      ...target,
      base: 'https://python.example.org/',
      title: 'run_hooks · Watch Python Think',
      breakpoints: [{ id: 'b1', file: 's04/core/runtime.py', line: 20, enabled: true }],
    });
    expect(shown?.[1].trim()).toBe(snippet);
  });

  it('names the same message as the host script listens for', () => {
    const host = readFileSync(new URL('../../../public/embed-host.js', import.meta.url), 'utf8');
    expect(host).toContain(`data.type !== '${EMBED_HEIGHT_MESSAGE}'`);
  });
});

describe('the embed view without its panel', () => {
  const lesson = { panels: [{ id: 'find_max' }, { id: 'find_min' }] };
  const ids = ['find-max', 'sorting'];

  it("lists the lesson's panels, so a mistyped panel= is easy to fix", () => {
    expect(embedMissingText('zh', 'find-max', 'findmax', lesson, ids)).toBe(
      '找不到这个面板：课程 find-max，面板 findmax。这个课程的面板有：find_max、find_min。',
    );
    expect(embedMissingText('en', 'find-max', 'findmax', lesson, ids)).toBe(
      "This panel does not exist: lesson find-max, panel findmax. The lesson's panels are: find_max, find_min.",
    );
  });

  it('says that no panel was named, rather than naming an empty one', () => {
    expect(embedMissingText('en', 'find-max', '', lesson, ids)).toBe(
      'The address names no panel (panel=). The panels of lesson find-max are: find_max, find_min.',
    );
  });

  it('blames the lesson, not the panel, when the lesson does not exist, and lists the lessons', () => {
    expect(embedMissingText('en', 'find-maxx', 'find_max', undefined, ids)).toBe(
      'There is no lesson “find-maxx” (lesson= in the address). The lessons are: find-max, sorting.',
    );
    expect(embedMissingText('zh', 'find-maxx', 'find_max', undefined, ids)).toBe(
      '没有课程“find-maxx”（地址里的 lesson=）。已有的课程：find-max、sorting。',
    );
    expect(embedMissingText('en', '', 'find_max', undefined, ids)).toBe(
      'The address names no lesson (lesson=). The lessons are: find-max, sorting.',
    );
  });
});

describe('why an embed cannot show its panel', () => {
  const broken = [
    { id: 'running-max', errors: ['lesson.json:3: function "find_maximum" not found'] },
  ];
  it('shows the errors of a lesson that exists but does not load, not "no such lesson"', () => {
    expect(embedFailure('running-max', broken, { lesson: false, panel: false })).toEqual({
      kind: 'broken',
      lesson: broken[0],
    });
  });
  it('says what is missing when the lesson or the panel is not there, and nothing when both are', () => {
    expect(embedFailure('runing-max', broken, { lesson: false, panel: false })).toEqual({
      kind: 'missing',
    });
    expect(embedFailure('s04-hooks', broken, { lesson: true, panel: false })).toEqual({
      kind: 'missing',
    });
    expect(embedFailure('s04-hooks', broken, { lesson: true, panel: true })).toBeNull();
  });
});
