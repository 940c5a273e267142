/**
 * A block of lesson prose: HTML the loader rendered from the lesson's Markdown, safe by
 * construction (src/lessons/markdown.ts), at build time for a shipped lesson.
 */
export function Prose({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by src/lessons/markdown.ts, which escapes raw HTML and drops unsafe URLs
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
