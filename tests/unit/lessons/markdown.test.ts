import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeUrl, renderMarkdown } from '../../../src/lessons/markdown.ts';

/** The tags marked itself writes for Markdown, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  code: ['class'],
  pre: ['tabindex'],
  div: ['class', 'tabindex'],
  input: ['checked', 'disabled', 'type'],
  th: ['align'],
  td: ['align'],
  ol: ['start'],
  li: [],
  ...Object.fromEntries(
    [
      'p',
      'em',
      'strong',
      'del',
      'ul',
      'blockquote',
      'hr',
      'br',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'table',
      'thead',
      'tbody',
      'tr',
    ].map((tag) => [tag, []]),
  ),
};

/** Every tag of `html` with its attributes, as written (no DOM: the output is parsed as text). */
function tagsOf(html: string): { tag: string; attrs: Record<string, string> }[] {
  return [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)].map((m) => ({
    tag: m[1].toLowerCase(),
    attrs: Object.fromEntries(
      [...m[2].matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map((a) => [a[1].toLowerCase(), a[2] ?? '']),
    ),
  }));
}

/** The browser's reading of an attribute value marked wrote (its entities decoded). */
const attrValue = (v: string) =>
  v
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Fails unless `html` has only marked's own tags and attributes, and only safe URLs. */
function expectInert(html: string): void {
  for (const { tag, attrs } of tagsOf(html)) {
    expect(Object.keys(ALLOWED), `<${tag}> in ${html}`).toContain(tag);
    for (const [name, value] of Object.entries(attrs)) {
      expect(ALLOWED[tag], `${tag}.${name} in ${html}`).toContain(name);
      if (name === 'href' || name === 'src') {
        expect(isSafeUrl(attrValue(value)), `${tag}.${name}=${value}`).toBe(true);
      }
    }
  }
}

describe('lesson Markdown is rendered safe by construction', () => {
  it('renders ordinary Markdown: headings, emphasis, code, lists, links, tables', () => {
    const html = renderMarkdown(
      '## Title\n\n*a* **b** `c`\n\n- one\n- two\n\n[docs](https://example.org/x "t") [here](#panel-a) [rel](../b.html)\n\n```python\nx = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<em>a</em> <strong>b</strong> <code>c</code>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://example.org/x" title="t">docs</a>');
    expect(html).toContain('<a href="#panel-a">here</a>');
    expect(html).toContain('<a href="../b.html">rel</a>');
    expect(html).toContain('<pre tabindex="0"><code class="language-python">x = 1\n</code></pre>');
    expect(html).toContain('<td>1</td>');
    // a table scrolls in a box of its own on a narrow screen, which the keyboard reaches
    expect(html).toMatch(/<div class="table-scroll" tabindex="0"><table>[\s\S]*<\/table><\/div>/);
    // text that only looks like a table tag is not wrapped
    expect(renderMarkdown('`<table>` and </table>')).not.toContain('table-scroll');
    expectInert(html);
  });

  it('shows raw HTML as text: no script, handler, frame, form or style reaches the page', () => {
    const payloads = [
      '<script>window.x = 1</script>',
      '<img src="x" onerror="window.x = 2">',
      '<svg onload="window.x = 3"></svg>',
      '<iframe srcdoc="<script>parent.x = 4</script>"></iframe>',
      '<form action="https://example.com"><button>go</button></form>',
      '<style>body { color: red }</style>',
      '<details open ontoggle="window.x = 5">x</details>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.x=6">',
      'inline <b onclick="x()">bold</b> tag',
    ];
    for (const payload of payloads) {
      const html = renderMarkdown(payload);
      expectInert(html);
      expect(html, payload).not.toMatch(/<(script|iframe|form|style|svg|math|details|b)\b/i);
    }
    expect(renderMarkdown('<script>alert(1)</script>')).toContain('&#60;script&#62;');
  });

  it('shows a link or image with a script URL as its text alone', () => {
    const cases: [string, string][] = [
      ['[a](javascript:alert(1))', 'a'],
      ['[b](JaVaScRiPt:alert(1))', 'b'],
      ['[c](java&#x09;script:alert(1))', 'c'],
      ['[d](&#106;avascript:alert(1))', 'd'],
      ['[e](javascript&colon;alert(1))', 'e'],
      ['[f](vbscript:x)', 'f'],
      ['[g](data:text/html,<script>x</script>)', 'g'],
      ['<javascript:alert(1)>', 'javascript:alert(1)'],
      ['![img alt](javascript:alert(1))', 'img alt'],
    ];
    for (const [source, text] of cases) {
      const html = renderMarkdown(source);
      expect(html, source).not.toMatch(/<a |<img /);
      expect(html, source).toContain(text);
      expectInert(html);
    }
    expect(renderMarkdown('<mailto:a@b.org>')).toContain('href="mailto:a@b.org"');
  });

  it('decides URLs the way a browser reads them', () => {
    expect(isSafeUrl('https://x.org/a:b')).toBe(true);
    expect(isSafeUrl('a/b:c')).toBe(true);
    expect(isSafeUrl('?q=a:b')).toBe(true);
    expect(isSafeUrl(' \tjava\nscript:x')).toBe(false);
    expect(isSafeUrl('\u0001javascript:x')).toBe(false);
    expect(isSafeUrl('java&#9script:x')).toBe(false);
    expect(isSafeUrl('java&Tab;script:x')).toBe(false);
  });

  it('never lets markup through, whatever the prose mixes (property)', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '</',
      'script',
      'img src=x onerror=alert(1)',
      ' on',
      'javascript:',
      'java&#x09;script:',
      '&#106;',
      '&colon;',
      '[',
      ']',
      '(',
      ')',
      '![',
      '"',
      "'",
      '`',
      '```',
      '\n',
      '\n\n',
      '    ',
      '- ',
      '> ',
      '*',
      '_',
      '|',
      'x',
      'https://a.b',
      '<!--',
      '-->',
      '&',
      '\\',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        expectInert(renderMarkdown(pieces.join('')));
      }),
      { numRuns: 500 },
    );
  });
});
