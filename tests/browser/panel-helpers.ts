import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

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

/** The shown file line whose text contains `text` (reads Monaco's view lines). */
export async function lineWith(p: Locator, text: string): Promise<number> {
  const source = await p.evaluate((el) => {
    // the setup view holds plain text of other files; the editor holds the function
    const lines = [...el.querySelectorAll('.view-lines .view-line')] as HTMLElement[];
    const nums = [...el.querySelectorAll('.margin-view-overlays .line-numbers')] as HTMLElement[];
    const tops = (e: HTMLElement) => Number.parseFloat(e.parentElement?.style.top || e.style.top || '0');
    const byTop = new Map(nums.map((n) => [tops(n), n.textContent?.trim() ?? '']));
    return lines.map((l) => [byTop.get(tops(l)) ?? '', l.textContent?.replace(/\u00a0/g, ' ') ?? '']);
  });
  const hit = source.find(([, t]) => t.includes(text));
  if (!hit) throw new Error(`no shown line contains ${JSON.stringify(text)}`);
  return Number(hit[0]);
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
  const sel = line === undefined ? `[data-state=${state}]` : `[data-state=${state}][data-line="${line}"]`;
  await p.locator(`[data-testid=status]${sel}`).waitFor({ timeout: 30_000 });
}

/** Variables pane as name → text. */
export async function variables(p: Locator): Promise<Record<string, string>> {
  const rows = await p.locator('[data-testid=var]').evaluateAll((els) =>
    els.map((e) => [(e as HTMLElement).dataset.name ?? '', e.querySelector('.val')?.textContent ?? '']),
  );
  return Object.fromEntries(rows);
}

/** Assert a breakpoint list. */
export async function expectBreakpoints(p: Locator, lines: number[]): Promise<void> {
  expect(await p.getAttribute('data-breakpoints')).toBe(lines.join(','));
}
