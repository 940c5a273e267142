import { useMemo } from 'react';
import { renderMarkdown } from '../lessons/markdown';

/** A block of lesson Markdown, rendered safe by construction (src/lessons/markdown.ts). */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and drops unsafe URLs
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
