import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The panel for a focus function. */
export function panel(page: Page, fn: string): Locator {
  return page.locator(`[data-testid=panel][data-function=${fn}]`);
}

/** Wait until Python is ready and the panel's Monaco editor is on screen. */
export async function ready(page: Page, p: Locator): Promise<void> {
  await page.locator('[data-testid=runtime][data-state=ready]').waitFor({ timeout: 60_000 });
  await p
    .locator('.code-col .margin-view-overlays .line-numbers')
    .first()
    .waitFor({ timeout: 30_000 });
}

/**
 * For a page opened with `python: 'refused'`: wait until Python has failed to load and the
 * panel's Monaco editor (which the app asks for once Python has settled) is on screen.
 */
export async function readyWithoutPython(page: Page, p: Locator): Promise<void> {
  await page.locator('[data-testid=runtime][data-state=failed]').waitFor({ timeout: 60_000 });
  await p
    .locator('.code-col .margin-view-overlays .line-numbers')
    .first()
    .waitFor({ timeout: 30_000 });
}

/**
 * Click Monaco's line number showing file line `line` of the panel's own source file (sets
 * or clears a breakpoint). Fails when the code view shows another file (paused in a callee
 * defined elsewhere, e.g. in setup.py).
 */
export async function clickLine(p: Locator, line: number): Promise<void> {
  const file = await p.locator('.code-col').first().getAttribute('data-file');
  if (file !== (await p.getAttribute('data-source'))) {
    throw new Error(
      `the code view shows ${file}, not the panel's source: line ${line} is ambiguous`,
    );
  }
  const nums = p.locator('.code-col .margin-view-overlays .line-numbers');
  const read = async () => (await nums.allTextContents()).map((t) => t.trim());
  const frames = () =>
    p
      .page()
      .evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  /** The numbers once the editor has stopped scrolling (to the current line, after a step). */
  const shown = async () => {
    let now = await read();
    for (let k = 0; k < 50; k++) {
      await frames();
      const next = await read();
      if (next.join(',') === now.join(',')) break;
      now = next;
    }
    return now;
  };
  const row = nums.filter({ hasText: new RegExp(`^\\s*${line}\\s*$`) });
  const editor = p.locator('.code-col [data-testid=code-monaco]');
  /** Where the line's row is: -1 above the editor's view, 1 below, 0 wholly inside. */
  const where = async (texts: string[]) => {
    if (!texts.includes(String(line))) return line < Math.min(...texts.map(Number)) ? -1 : 1;
    const [r, e] = [await row.boundingBox(), await editor.boundingBox()];
    if (!r || !e) return 1;
    return r.y < e.y - 2 ? -1 : r.y + r.height > e.y + e.height + 2 ? 1 : 0;
  };
  // Another file shown in the function's box is scrolled to the current line: scroll the
  // editor (a mouse wheel over it, as a reader would) until the line's row is wholly in
  // view: a click on a row cut off at the edge lands on its neighbour.
  let texts = await shown();
  for (let k = 0; k < 20 && texts.length > 0; k++) {
    const side = await where(texts);
    if (side === 0) break;
    const box = await editor.boundingBox();
    if (!box) break;
    await p.page().mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.page().mouse.wheel(0, side * 40);
    const before = texts.join(',');
    texts = await shown();
    if (texts.join(',') === before && texts.includes(String(line))) break;
  }
  if (!texts.includes(String(line)))
    throw new Error(`line ${line} is not shown (shown: ${texts.join(',')})`);
  await row.click();
}

/** Put the editor's cursor on file line `line` by clicking that row's code (not its gutter). */
export async function clickCode(p: Locator, line: number): Promise<void> {
  const nums = p.locator('.code-col .margin-view-overlays .line-numbers');
  const texts = (await nums.allTextContents()).map((t) => t.trim());
  const i = texts.indexOf(String(line));
  if (i < 0) throw new Error(`line ${line} is not shown (shown: ${texts.join(',')})`);
  await nums.nth(i).scrollIntoViewIfNeeded();
  const row = await nums.nth(i).boundingBox();
  const code = await p.locator('.code-col .monaco-editor .view-lines').boundingBox();
  if (!row || !code) throw new Error(`line ${line} has no box on screen`);
  const y = row.y + row.height / 2;
  if (y < code.y || y > code.y + code.height) {
    throw new Error(`line ${line} is scrolled out of the editor's visible rows`);
  }
  await p.page().mouse.click(code.x + 24, y);
}

/** The panel's breakpoint lines (its `data-breakpoints` contract). */
async function breakpointLines(p: Locator): Promise<number[]> {
  const raw = (await p.getAttribute('data-breakpoints')) ?? '';
  return raw.split(',').filter(Boolean).map(Number);
}

/**
 * Make the panel's breakpoints exactly `lines`, plain (no condition, hit count or log):
 * every existing one is removed first, so a test never inherits another test's settings.
 */
export async function setBreakpoints(p: Locator, lines: number[]): Promise<void> {
  for (const line of await breakpointLines(p)) await clickLine(p, line);
  await expect.poll(() => breakpointLines(p)).toEqual([]);
  for (const line of lines) await clickLine(p, line);
  await expect.poll(() => breakpointLines(p)).toEqual([...lines].sort((a, b) => a - b));
}

/** Choose a scenario in the panel's picker and wait until the panel is ready to run it. */
export async function chooseScenario(p: Locator, id: string): Promise<void> {
  await p.locator('[data-testid=scenario]').selectOption(id);
  await waitState(p, 'ready');
}

/** The file line of `file` (a lesson source, e.g. `s04/core/runtime.py`) containing `text`. */
export function sourceLine(lesson: string, file: string, text: string): number {
  const code = readFileSync(path.resolve('lessons', lesson, 'src', file), 'utf8');
  const i = code.split('\n').findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`${file} has no line containing ${JSON.stringify(text)}`);
  return i + 1;
}

/** A line of the flagship's runtime.py, by its text. */
export function runtimeLine(text: string): number {
  return sourceLine('s04-hooks', 's04/core/runtime.py', text);
}

/** The status element's state, line and step. */
export async function status(p: Locator) {
  const s = p.locator('[data-testid=status]');
  return {
    state: await s.getAttribute('data-state'),
    line: Number(await s.getAttribute('data-line')),
    step: Number(await s.getAttribute('data-step')),
  };
}

/** Wait for the status to reach `state` (and `line`, if given). */
export async function waitState(p: Locator, state: string, line?: number): Promise<void> {
  const sel =
    line === undefined ? `[data-state=${state}]` : `[data-state=${state}][data-line="${line}"]`;
  await p.locator(`[data-testid=status]${sel}`).waitFor({ timeout: 30_000 });
}

/** Variables pane as name → text. */
export async function variables(p: Locator): Promise<Record<string, string>> {
  const rows = await p
    .locator('[data-testid=var]')
    .evaluateAll((els) =>
      els.map((e) => [
        (e as HTMLElement).dataset.name ?? '',
        e.querySelector('.val')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(rows);
}

/** Assert a breakpoint list. */
export async function expectBreakpoints(p: Locator, lines: number[]): Promise<void> {
  await expect.poll(() => breakpointLines(p)).toEqual(lines);
}

/**
 * Wait until the panel's paused step satisfies `accept` (e.g. `(s) => s === 12` or
 * `(s) => s > 12`), and return it.
 */
export async function waitForStep(
  p: Locator,
  accept: (step: number) => boolean,
  timeout = 30_000,
): Promise<number> {
  const status = p.locator('[data-testid=status]');
  const deadline = Date.now() + timeout;
  for (;;) {
    const step = Number(await status.getAttribute('data-step'));
    if (accept(step)) return step;
    if (Date.now() > deadline) throw new Error(`the step stayed at ${step}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** One panel's fields in a shared address (`s=`): scenario, position, selected frame. */
export interface LinkedPanelFields {
  s?: string;
  p?: number;
  f?: number;
}

/**
 * The panels a page's address links to (the `s=` parameter, base64url JSON), or null when
 * it holds none. Polled by tests that take the address as a shared link.
 */
export function linkedPanels(page: Page): Record<string, LinkedPanelFields> | null {
  const s = new URL(page.url()).searchParams.get('s');
  if (!s) return null;
  const json = Buffer.from(s, 'base64url').toString('utf8');
  return (JSON.parse(json) as { panels: Record<string, LinkedPanelFields> }).panels;
}

/** Wait until every panel of the article has mounted (those below the first mount when the page is idle). */
export async function allPanelsMounted(page: Page): Promise<void> {
  await page.locator('[data-testid=lesson] [data-testid=panel]').first().waitFor();
  await expect.poll(() => page.locator('[data-testid=panel-pending]').count()).toBe(0);
}
