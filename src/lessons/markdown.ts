/**
 * Lesson prose as HTML, safe by construction: `marked` renders the Markdown, with the
 * only two ways Markdown can carry markup of its own closed off. Raw HTML (a block or an
 * inline tag) is shown as text, and a link or image whose URL names any scheme but http,
 * https or mailto is shown as its text alone. Everything else marked writes is its own
 * markup around escaped text, so no sanitiser has to parse the result: prose is content,
 * never code. Pure (no DOM), so the same function can run in the page and at build time.
 */
import { Marked } from 'marked';
import { escapeHtml } from './html.ts';

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * True when a link or image URL is relative (`#x`, `page.html`, `../a`) or uses an allowed
 * scheme, read the way a browser reads the attribute: marked passes character references
 * through (`java&#x09;script:`), so numeric ones are decoded first and a named one left
 * before the first `/`, `?` or `#` (`javascript&colon;`) makes the URL unsafe; then ASCII
 * spaces and control characters, which a browser ignores there, are dropped.
 */
export function isSafeUrl(href: string): boolean {
  const decoded = href.replace(/&#(x[0-9a-f]+|\d+);?/gi, (whole, n: string) => {
    const code = n[0] === 'x' || n[0] === 'X' ? Number.parseInt(n.slice(1), 16) : Number(n);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what a browser ignores
  const url = decoded.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const head = /^[^/?#]*/.exec(url)?.[0] ?? '';
  if (head.includes('&')) return false;
  const colon = head.indexOf(':');
  return colon < 0 || SAFE_SCHEMES.has(head.slice(0, colon));
}

const renderer = new Marked({ async: false, gfm: true }).use({
  renderer: {
    html: (token) => escapeHtml(token.text),
    link(token) {
      // `false` hands a safe link back to marked's own renderer.
      return isSafeUrl(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image: (token) => (isSafeUrl(token.href) ? false : escapeHtml(token.text)),
  },
});

/** Render lesson Markdown to HTML that carries no script, handler, frame or form. */
export function renderMarkdown(text: string): string {
  const html = renderer.parse(text) as string;
  // A code block, or a table in a box of its own, may scroll sideways (a phone is narrower
  // than a table of three columns): keyboard users must be able to reach it.
  return html
    .replace(/<pre>/g, '<pre tabindex="0">')
    .replace(/<table>/g, '<div class="table-scroll" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>');
}
