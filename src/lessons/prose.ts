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

/**
 * A line that looks like a marker but is not valid (`kind` says which marker), a
 * `<!-- try -->` never closed (`try-unclosed`), or a code fence never closed (`fence`):
 * everything after an unclosed fence would be code, hiding the markers below it.
 */
export interface MalformedMarker {
  line: number;
  text: string;
  /**
   * `try-detached`: a `<!-- try -->` that text (at `gap`) separates from the panel marker
   * above it (at `marker`).
   */
  kind: 'panel' | 'try' | 'try-orphan' | 'try-unclosed' | 'try-detached' | 'fence';
  marker?: number;
  gap?: number;
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

/**
 * Split Markdown at panel markers. Segments keep the text between markers verbatim, minus
 * outer blank lines. A code fence that is never closed (by the end of the article, or
 * before a line like ```` ```python ```` opens another) is reported at its line and the
 * article read again with that line as ordinary text, so the markers after it are still
 * found and checked.
 */
export function splitProse(markdown: string): SplitProse {
  const lines = markdown.split(/\r\n|\r|\n/);
  const ignored = new Set<number>();
  for (;;) {
    const { split, openFence } = scan(lines, ignored);
    if (openFence === null) {
      const fences = [...ignored].map((i): MalformedMarker => {
        return { line: i + 1, text: lines[i].trim(), kind: 'fence' };
      });
      split.malformed = [...fences, ...split.malformed].sort((a, b) => a.line - b.line);
      return split;
    }
    ignored.add(openFence);
  }
}

/**
 * One pass over the lines; fence openers at `ignored` indexes are read as text.
 * `openFence`: the index of the first fence found never closed, if any.
 */
function scan(
  lines: string[],
  ignored: ReadonlySet<number>,
): { split: SplitProse; openFence: number | null } {
  const segments: SplitSegment[] = [];
  const markers: PanelMarker[] = [];
  const tries: TryBlock[] = [];
  const malformed: MalformedMarker[] = [];
  let buffer: string[] = [];
  let fence: { text: string; index: number } | null = null;
  let unclosedFence: number | null = null;
  // The panel segment a `<!-- try -->` may still attach to (only blank lines since it).
  let open: Extract<SplitSegment, { kind: 'panel' }> | null = null;
  // The try block being collected, if any.
  let block: { segment: Extract<SplitSegment, { kind: 'panel' }>; line: number } | null = null;

  const flush = () => {
    const text = trimBlank(buffer);
    if (text.trim() !== '') segments.push({ kind: 'markdown', text });
    buffer = [];
  };
  // A try block still open: reported at its `<!-- try -->` line; its text stays in the article.
  const unclosed = () => {
    if (block) malformed.push({ line: block.line - 1, text: TRY_OPEN, kind: 'try-unclosed' });
    block = null;
  };
  // One error per mistake: the `<!-- try -->` ... `<!-- /try -->` of a panel whose marker is
  // malformed, or that text parted from its marker, is reported once (or not at all
  // beside the malformed marker), not again at its closing line.
  let lastMarker: number | null = null;
  let gap: number | null = null;
  let afterMalformed = false;
  let closeExpected = false;

  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    const fenceMatch = ignored.has(index) ? null : FENCE.exec(trimmed);
    const closes =
      fence !== null &&
      fenceMatch !== null &&
      fenceMatch[1][0] === fence.text[0] &&
      fenceMatch[1].length >= fence.text.length;
    if (fence === null && fenceMatch) fence = { text: fenceMatch[1], index };
    else if (closes && trimmed === fenceMatch?.[1]) fence = null;
    else if (closes) {
      // A line that would close the fence but names a language opens a new block: the
      // fence above was never closed (a closing line is bare).
      unclosedFence ??= fence?.index ?? null;
    } else if (fence === null) {
      if (block && trimmed === TRY_CLOSE) {
        const text = trimBlank(buffer);
        block.segment.tries = text;
        tries.push({ panelId: block.segment.panelId, line: block.line, text });
        buffer = [];
        block = null;
        return;
      }
      const marker = MARKER.exec(trimmed);
      // A panel marker or another opening line ends a try block that was never closed.
      if (block && (marker || trimmed === TRY_OPEN)) unclosed();
      if (open && trimmed === TRY_OPEN) {
        flush();
        block = { segment: open, line: index + 2 };
        open = null;
        return;
      }
      if (marker) {
        flush();
        const segment: Extract<SplitSegment, { kind: 'panel' }> = {
          kind: 'panel',
          panelId: marker[1],
        };
        segments.push(segment);
        markers.push({ panelId: marker[1], line: index + 1 });
        open = segment;
        lastMarker = index + 1;
        gap = null;
        afterMalformed = false;
        closeExpected = false;
        return;
      }
      if (!block && trimmed === TRY_OPEN) {
        if (!afterMalformed) {
          malformed.push(
            lastMarker !== null && gap !== null
              ? { line: index + 1, text: trimmed, kind: 'try-detached', marker: lastMarker, gap }
              : {
                  line: index + 1,
                  text: trimmed,
                  kind: lastMarker === null ? 'try-orphan' : 'try',
                },
          );
        }
        closeExpected = true;
      } else if (!block && trimmed === TRY_CLOSE && closeExpected) {
        closeExpected = false;
      } else if (MARKER_LIKE.test(trimmed)) {
        malformed.push({ line: index + 1, text: trimmed, kind: 'panel' });
        afterMalformed = true;
        lastMarker = null;
        buffer.push(raw);
        return;
      } else if (TRY_LIKE.test(trimmed)) {
        malformed.push({ line: index + 1, text: trimmed, kind: 'try' });
      }
    }
    if (trimmed !== '') {
      open = null;
      if (lastMarker !== null && gap === null && !TRY_LIKE.test(trimmed)) gap = index + 1;
      if (!TRY_LIKE.test(trimmed)) afterMalformed = false;
    }
    buffer.push(raw);
  });
  unclosed();
  flush();
  const openFence = unclosedFence ?? (fence as { index: number } | null)?.index ?? null;
  return { split: { segments, markers, tries, malformed }, openFence };
}
