import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/**
 * Lesson prose: Markdown rendered by `marked`, then sanitised by DOMPurify so
 * that a lesson can never inject script (prose is content, not code).
 */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true }) as string;
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
  });
  // A code block may scroll sideways: keyboard users must be able to reach it.
  return clean.replace(/<pre>/g, '<pre tabindex="0">');
}

/** A block of sanitised lesson Markdown. */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
