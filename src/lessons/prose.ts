/**
 * Lesson articles: Markdown with panel markers. A panel is placed by a line that is
 * exactly `<!-- panel: <panelId> -->` (surrounding spaces are tolerated). Markers
 * inside fenced code blocks are ordinary text, so an article can show the syntax.
 */
import type { ProseSegment } from './lesson.ts';

/** A panel marker found in an article, with its 1-based line. */
export interface PanelMarker {
  panelId: string;
  line: number;
}

/** An article split at its markers, plus lines that look like markers but are not valid. */
export interface SplitProse {
  segments: ProseSegment[];
  markers: PanelMarker[];
  malformed: { line: number; text: string }[];
}

const MARKER = /^<!-- panel: ([a-z0-9_]+) -->$/;
// Anything that was probably meant as a marker: reported instead of silently shown.
const MARKER_LIKE = /^<!--\s*panel\b/i;
const FENCE = /^(`{3,}|~{3,})/;

/** Split Markdown at panel markers. Segments keep the text between markers verbatim, minus outer blank lines. */
export function splitProse(markdown: string): SplitProse {
  const lines = markdown.split(/\r\n|\r|\n/);
  const segments: ProseSegment[] = [];
  const markers: PanelMarker[] = [];
  const malformed: { line: number; text: string }[] = [];
  let buffer: string[] = [];
  let fence: string | null = null;

  const flush = () => {
    const text = buffer
      .join('\n')
      .replace(/^(?:[ \t]*\n)+/, '')
      .replace(/(?:\n[ \t]*)+$/, '');
    if (text.trim() !== '') segments.push({ kind: 'markdown', text });
    buffer = [];
  };

  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    const fenceMatch = FENCE.exec(trimmed);
    if (fence === null && fenceMatch) fence = fenceMatch[1];
    else if (
      fence !== null &&
      fenceMatch &&
      fenceMatch[1][0] === fence[0] &&
      fenceMatch[1].length >= fence.length &&
      trimmed === fenceMatch[1]
    )
      fence = null;
    else if (fence === null) {
      const marker = MARKER.exec(trimmed);
      if (marker) {
        flush();
        segments.push({ kind: 'panel', panelId: marker[1] });
        markers.push({ panelId: marker[1], line: index + 1 });
        return;
      }
      if (MARKER_LIKE.test(trimmed)) malformed.push({ line: index + 1, text: trimmed });
    }
    buffer.push(raw);
  });
  flush();
  return { segments, markers, malformed };
}
