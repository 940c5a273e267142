/**
 * Resolving a manifest's parts against the lesson's files: the sources, the setup and
 * scenario scripts, and the articles with their panel markers. Each problem is reported
 * with its field (or file and line) as a lesson message. Panels are resolved in
 * ./resolvePanels.ts. Pure, like the rest of the loader.
 */

import type { JsonPath } from './json.ts';
import type {
  LessonError,
  LessonFile,
  LessonScenario,
  LessonSource,
  ProseSegment,
} from './lesson.ts';
import { sourceFile } from './lesson.ts';
import { renderMarkdown } from './markdown.ts';
import { type LessonMessage, msg } from './messages.ts';
import { nearName } from './nearName.ts';
import { type MalformedMarker, type SplitSegment, splitProse } from './prose.ts';
import { type ManifestParts, panelIdsOf } from './salvage.ts';
import { LANGS, type Lang, type LessonManifest } from './schema.ts';
import { unknownTryScenarios } from './tries.ts';

/** Report a problem at a manifest field. */
export type ReportField = (path: JsonPath, message: LessonMessage) => void;

/** The article file for a language, relative to the lesson folder. */
export const proseFile = (lang: Lang) => `prose.${lang}.md`;

/** A file the manifest names, or undefined (reported at `path`) when the folder lacks it. */
export function readRequired(
  files: Record<string, string>,
  rel: string,
  base: string,
  path: JsonPath,
  report: ReportField,
  notFound: 'setupNotFound' | 'scenarioScriptNotFound' | 'entryNotFound',
): LessonFile | undefined {
  if (!Object.hasOwn(files, rel)) {
    report(path, msg(notFound, { path: `${base}/${rel}` }));
    return undefined;
  }
  return { path: rel, code: files[rel] };
}

export function resolveSources(
  parts: ManifestParts,
  files: Record<string, string>,
  base: string,
  report: ReportField,
): LessonSource[] {
  const out: LessonSource[] = [];
  const seenPaths = new Set<string>();
  const seenModules = new Set<string>();
  parts.sources.forEach((src, i) => {
    if (src.path !== undefined && seenPaths.has(src.path))
      report(
        ['sources', i, 'path'],
        msg('duplicateSourcePath', { path: JSON.stringify(src.path) }),
      );
    if (src.module !== undefined && seenModules.has(src.module))
      report(
        ['sources', i, 'module'],
        msg('duplicateModule', { module: JSON.stringify(src.module) }),
      );
    if (src.path === undefined) return;
    seenPaths.add(src.path);
    if (src.module !== undefined) seenModules.add(src.module);
    const rel = sourceFile(src.path);
    if (!Object.hasOwn(files, rel)) {
      report(['sources', i, 'path'], msg('sourceNotFound', { path: `${base}/${rel}` }));
      return;
    }
    out.push({ path: src.path, module: src.module ?? '', code: files[rel] });
  });
  return out;
}

/**
 * The catalogue with every script read. Labels and descriptions come from the manifest
 * when it passed the schema; a salvaged catalogue only serves to check references.
 */
export function resolveScenarios(
  parts: ManifestParts,
  manifest: LessonManifest | undefined,
  files: Record<string, string>,
  base: string,
  report: ReportField,
): Map<string, LessonScenario> {
  const out = new Map<string, LessonScenario>();
  for (const [id, scriptPath] of parts.scenarios) {
    const def = manifest?.scenarios[id];
    const scenario: LessonScenario = { id, label: def?.label ?? { zh: id, en: id } };
    if (def?.description) scenario.description = def.description;
    if (def?.ending) scenario.ending = def.ending;
    if (scriptPath !== undefined) {
      const script = readRequired(
        files,
        scriptPath,
        base,
        ['scenarios', id, 'script'],
        report,
        'scenarioScriptNotFound',
      );
      if (script) scenario.script = script;
    }
    out.set(id, scenario);
  }
  return out;
}

/** A segment as the page shows it: its Markdown rendered to HTML. */
function rendered(seg: SplitSegment): ProseSegment {
  if (seg.kind === 'markdown') return { kind: 'html', html: renderMarkdown(seg.text) };
  return seg.tries === undefined
    ? { kind: 'panel', panelId: seg.panelId }
    : { kind: 'panel', panelId: seg.panelId, triesHtml: renderMarkdown(seg.tries) };
}

/** What is wrong with a line of an article that looks like a marker or opens a fence. */
function badLine(bad: MalformedMarker): LessonMessage {
  const text = JSON.stringify(bad.text);
  switch (bad.kind) {
    case 'panel':
      return msg('malformedMarker', { text });
    case 'try':
      return msg('misplacedTry', { text });
    case 'try-orphan':
      return msg('orphanTry', { text });
    case 'try-unclosed':
      return msg('unclosedTry', { text, line: bad.line });
    case 'try-detached':
      return msg('detachedTry', { text, marker: bad.marker ?? 0, gap: bad.gap ?? 0 });
    case 'fence':
      return msg('unclosedFence', {
        text,
        line: bad.line,
        close: JSON.stringify(/^(`+|~+)/.exec(bad.text)?.[1] ?? bad.text),
      });
  }
}

/**
 * The panel a malformed marker (`<!--panel:run_hooks-->`, `<!-- Panel: Run-Hooks -->`)
 * names, or one near it: its error then shows the marker to write, and the panel is not
 * reported again as not placed.
 */
function panelOfMalformed(text: string, panelIds: readonly string[]): string | undefined {
  const named = /panel\s*:?\s*([A-Za-z0-9][A-Za-z0-9_-]*)/i
    .exec(text)?.[1]
    .toLowerCase()
    .replace(/-/g, '_');
  if (named === undefined) return undefined;
  return panelIds.includes(named) ? named : nearName(named, panelIds);
}

/**
 * Each article split at its panel markers, every marker and every panel checked, and its
 * Markdown rendered to HTML (so a shipped lesson reaches the page with its prose ready).
 */
export function resolveProse(
  parts: ManifestParts,
  files: Record<string, string>,
  base: string,
  errors: LessonError[],
): Record<Lang, ProseSegment[]> | undefined {
  const panelIds = panelIdsOf(parts);
  const out: Partial<Record<Lang, ProseSegment[]>> = {};
  // Per article: the line of each placed panel's marker, and the panels with things to try.
  const placed: Partial<Record<Lang, Map<string, number>>> = {};
  const tried: Partial<Record<Lang, Set<string>>> = {};
  // Panels an article does not place: worded once both articles are read, to say where the
  // other one places it.
  const notPlaced: { error: LessonError; id: string; lang: Lang }[] = [];
  for (const lang of LANGS) {
    const rel = proseFile(lang);
    const file = `${base}/${rel}`;
    if (!Object.hasOwn(files, rel)) {
      errors.push({ file, message: msg('articleMissing', { lang }) });
      continue;
    }
    const split = splitProse(files[rel]);
    const meant = new Set<string>(); // panels a wrong marker most likely meant (a typo)
    for (const bad of split.malformed) {
      const id = bad.kind === 'panel' ? panelOfMalformed(bad.text, panelIds) : undefined;
      if (id !== undefined) meant.add(id);
      const message =
        id === undefined
          ? badLine(bad)
          : msg('malformedMarkerFor', {
              text: JSON.stringify(bad.text),
              fix: JSON.stringify(`<!-- panel: ${id} -->`),
            });
      errors.push({ file, line: bad.line, message });
    }
    errors.push(...unknownTryScenarios(split.tries, parts.panels, parts.scenarios, file));
    const firstLine = new Map<string, number>();
    for (const marker of split.markers) {
      const earlier = firstLine.get(marker.panelId);
      if (!panelIds.includes(marker.panelId)) {
        const near = nearName(marker.panelId, panelIds);
        if (near !== undefined) meant.add(near);
        const vars = {
          id: JSON.stringify(marker.panelId),
          ids: panelIds.join(', ') || msg('noneListed'),
        };
        errors.push({
          file,
          line: marker.line,
          message:
            near === undefined
              ? msg('unknownPanel', vars)
              : msg('unknownPanelNear', { ...vars, near: JSON.stringify(near) }),
        });
      } else if (earlier !== undefined) {
        errors.push({
          file,
          line: marker.line,
          message: msg('panelPlacedTwice', { id: JSON.stringify(marker.panelId), line: earlier }),
        });
      } else {
        firstLine.set(marker.panelId, marker.line);
      }
    }
    parts.panels.forEach(({ id }, p) => {
      // (a panel a mistyped marker meant is not reported again: that error names it)
      if (id !== undefined && !firstLine.has(id) && !meant.has(id)) {
        const error = { file, field: `panels[${p}]`, message: msg('panelNotPlaced', {}) };
        notPlaced.push({ error, id, lang });
        errors.push(error);
      }
    });
    out[lang] = split.segments.map(rendered);
    placed[lang] = firstLine;
    // (an article whose try lines are wrong is reported there, not again here)
    const trouble = split.malformed.some((m) => m.kind.startsWith('try'));
    tried[lang] = trouble ? undefined : new Set(split.tries.map((b) => b.panelId));
  }
  for (const { error, id, lang } of notPlaced) {
    const other = LANGS.find((l) => l !== lang) as Lang;
    const line = placed[other]?.get(id);
    const vars = { id: JSON.stringify(id), bare: id };
    error.message =
      line === undefined
        ? msg('panelNotPlaced', vars)
        : msg('panelNotPlacedHere', { ...vars, other: proseFile(other), line });
  }
  // Every text a reader sees exists in both languages: things to try included.
  for (const lang of LANGS) {
    const other = LANGS.find((l) => l !== lang) as Lang;
    for (const id of tried[other] ?? []) {
      const line = placed[lang]?.get(id);
      if (line === undefined || !tried[lang] || tried[lang].has(id)) continue;
      errors.push({
        file: `${base}/${proseFile(lang)}`,
        line,
        message: msg('triesInOneArticle', {
          id: JSON.stringify(id),
          other: proseFile(other),
        }),
      });
    }
  }
  return LANGS.every((lang) => out[lang]) ? (out as Record<Lang, ProseSegment[]>) : undefined;
}
