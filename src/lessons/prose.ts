/**
 * Lesson articles: Markdown with panel markers. A panel is placed by a line that is
 * exactly `<!-- panel: <panelId> -->` (surrounding spaces are tolerated). Markers
 * inside fenced code blocks are ordinary text, so an article can show the syntax.
 *
 * A panel's "things to try" follow its marker, between a `<!-- try -->` line and a
 * `<!-- /try -->` line (only blank lines may come between the panel marker and
 * `<!-- try -->`). The panel shows them beside its scenario picker; `[[scenario_id]]`
 * inside them names a scenario (see `tries.ts`).
 */

/** A piece of an article as written: Markdown, or a panel with its "things to try" Markdown. */
export type SplitSegment =
  | { kind: 'markdown'; text: string }
  | { kind: 'panel'; panelId: string; tries?: string };

/** A panel marker found in an article, with its 1-based line. */
export interface PanelMarker {
  panelId: string;
  line: number;
}

/** A panel's "things to try" block: its Markdown and the 1-based line it starts on. */
export interface TryBlock {
  panelId: string;
  /** The line of the first line of `text` (just after `<!-- try -->`). */
  line: number;
  text: string;
}

/** A line that looks like a marker but is not valid (`kind` says which marker). */
export interface MalformedMarker {
  line: number;
  text: string;
  kind: 'panel' | 'try';
}

/** An article split at its markers, plus lines that look like markers but are not valid. */
export interface SplitProse {
  segments: SplitSegment[];
  markers: PanelMarker[];
  tries: TryBlock[];
  malformed: MalformedMarker[];
}

const MARKER = /^<!-- panel: ([a-z0-9_]+) -->$/;
// Anything that was probably meant as a marker: reported instead of silently shown.
const MARKER_LIKE = /^<!--\s*panel\b/i;
const TRY_OPEN = '<!-- try -->';
const TRY_CLOSE = '<!-- /try -->';
const TRY_LIKE = /^<!--\s*\/?\s*try\b/i;
const FENCE = /^(`{3,}|~{3,})/;

/** Text between markers, minus outer blank lines. */
function trimBlank(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .replace(/(?:\n[ \t]*)+$/, '');
}

/** Split Markdown at panel markers. Segments keep the text between markers verbatim, minus outer blank lines. */
export function splitProse(markdown: string): SplitProse {
  const lines = markdown.split(/\r\n|\r|\n/);
  const segments: SplitSegment[] = [];
  const markers: PanelMarker[] = [];
  const tries: TryBlock[] = [];
  const malformed: MalformedMarker[] = [];
  let buffer: string[] = [];
  let fence: string | null = null;
  // The panel segment a `<!-- try -->` may still attach to (only blank lines since it).
  let open: Extract<SplitSegment, { kind: 'panel' }> | null = null;
  // The try block being collected, if any.
  let block: { segment: Extract<SplitSegment, { kind: 'panel' }>; line: number } | null = null;

  const flush = () => {
    const text = trimBlank(buffer);
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
      if (block && trimmed === TRY_CLOSE) {
        const text = trimBlank(buffer);
        block.segment.tries = text;
        tries.push({ panelId: block.segment.panelId, line: block.line, text });
        buffer = [];
        block = null;
        return;
      }
      if (open && trimmed === TRY_OPEN && !block) {
        flush();
        block = { segment: open, line: index + 2 };
        open = null;
        return;
      }
      const marker = MARKER.exec(trimmed);
      if (marker && !block) {
        flush();
        const segment: Extract<SplitSegment, { kind: 'panel' }> = {
          kind: 'panel',
          panelId: marker[1],
        };
        segments.push(segment);
        markers.push({ panelId: marker[1], line: index + 1 });
        open = segment;
        return;
      }
      if (marker || MARKER_LIKE.test(trimmed)) {
        malformed.push({ line: index + 1, text: trimmed, kind: 'panel' });
      } else if (TRY_LIKE.test(trimmed)) {
        malformed.push({ line: index + 1, text: trimmed, kind: 'try' });
      }
    }
    if (trimmed !== '') open = null;
    buffer.push(raw);
  });
  if (block !== null) {
    const { line } = block as { line: number };
    malformed.push({ line: line - 1, text: TRY_OPEN, kind: 'try' });
  }
  flush();
  return { segments, markers, tries, malformed };
}
