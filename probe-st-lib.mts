import { startDistServer } from './scripts/serve-dist.ts';
import { launch } from './scripts/bench/browser.ts';
import type { Page, Locator } from 'playwright-core';
export async function open(opts: { width?: number; height?: number; lang?: string; query?: string; mobile?: boolean } = {}) {
  const server = await startDistServer({ root: '/tmp/dh' });
  const { browser } = await launch();
  const ctx = await browser.newContext({ viewport: { width: opts.width ?? 1400, height: opts.height ?? 900 }, isMobile: opts.mobile, hasTouch: opts.mobile, deviceScaleFactor: 1 });
  await ctx.addInitScript('globalThis.__name ??= (f) => f;');
  const page = await ctx.newPage();
  page.on('console', m => { if (m.type()==='error') console.log('CONSOLE', m.type(), m.text()); });
  page.on('pageerror', e => console.log('PAGEERROR', e.message));
  await page.goto(server.url + '/?lang=' + (opts.lang ?? 'en') + (opts.query ?? ''));
  await page.locator('[data-testid=runtime][data-state=ready]').waitFor({ timeout: 90_000 });
  const close = async () => { await browser.close(); await server.close(); };
  return { server, browser, ctx, page, close };
}
export const panel = (page: Page, fn: string) => page.locator(`[data-testid=panel][data-function=${fn}]`);
export async function status(p: Locator) {
  const s = p.locator('[data-testid=status]');
  return { state: await s.getAttribute('data-state'), line: await s.getAttribute('data-line'), step: await s.getAttribute('data-step'), text: (await s.textContent())?.trim() };
}
export async function waitState(p: Locator, state: string) {
  await p.locator(`[data-testid=status][data-state=${state}]`).waitFor({ timeout: 30_000 });
}
export async function vars(p: Locator) {
  return p.locator('[data-testid=var]').evaluateAll(els => els.map(e => `${(e as HTMLElement).dataset.name} = ${e.querySelector('.val')?.textContent}`));
}
export async function stack(p: Locator) {
  return p.locator('[data-testid=frame]').allTextContents();
}
export async function output(p: Locator) {
  return (await p.locator('[data-testid=output]').textContent()) ?? '';
}
export async function dump(p: Locator, label = '') {
  const s = await status(p);
  const file = await p.locator('.code-col').first().getAttribute('data-file');
  console.log(`--- ${label} state=${s.state} step=${s.step} line=${s.line} file=${file} :: ${s.text}`);
  console.log('  STACK', JSON.stringify(await stack(p)));
  console.log('  VARS', JSON.stringify(await vars(p)));
}
export const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));
