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
  await p.locator('.margin-view-overlays .line-numbers').first().waitFor({ timeout: 30_000 });
}

/** Click Monaco's line number showing file line `line` (sets or clears a breakpoint). */
export async function clickLine(p: Locator, line: number): Promise<void> {
  const nums = p.locator('.margin-view-overlays .line-numbers');
  const texts = (await nums.allTextContents()).map((t) => t.trim());
  const i = texts.indexOf(String(line));
  if (i < 0) throw new Error(`line ${line} is not shown (shown: ${texts.join(',')})`);
  await nums.nth(i).click();
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
  expect(await p.getAttribute('data-breakpoints')).toBe(lines.join(','));
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
