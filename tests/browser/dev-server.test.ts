import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, ensureBrowser } from '../../scripts/ensure-browser.mjs';

// A throwaway lesson folder, removed afterwards: the test never edits shipped lessons.
const PROBE = path.resolve('lessons', 'zz-hmr-probe');

describe('npm start (the Vite dev server)', () => {
  let server: ViteDevServer;
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    rmSync(PROBE, { recursive: true, force: true });
    server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
    await server.listen();
    url = server.resolvedUrls?.local[0] ?? '';
    browser = await chromium.launch({
      executablePath: await ensureBrowser(),
      args: [...CHROMIUM_ARGS],
    });
  });
  afterAll(async () => {
    rmSync(PROBE, { recursive: true, force: true });
    await browser?.close();
    await server?.close();
  });

  it('serves the flagship lesson with Python running, cross-origin isolated', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}?lang=en`);
    await page.locator('[data-testid=lesson][data-lesson=s04-hooks]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid=runtime][data-state=ready]').waitFor({ timeout: 90_000 });
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await page.close();
  });

  it('hot-updates the open page when a lesson file changes, without reloading the app', async () => {
    const page = await browser.newPage();
    // Updates reach only pages whose HMR connection is up: wait for Vite's client to say so.
    const connected = page.waitForEvent('console', {
      predicate: (m) => m.text().includes('[vite] connected'),
      timeout: 60_000,
    });
    await page.goto(`${url}?lang=en`);
    await connected;
    await page.locator('[data-testid=lesson-index]').waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 7;
    });
    // a new lesson folder appears in the index...
    cpSync(path.resolve('lessons', 's04-hooks'), PROBE, { recursive: true });
    const manifest = path.join(PROBE, 'lesson.json');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8')
        .replace('"id": "s04-hooks"', '"id": "zz-hmr-probe"')
        .replace(/"en": "Lesson 4: [^"]*"/, '"en": "HMR probe lesson"'),
    );
    await page
      .locator('[data-testid=lesson-index] a', { hasText: 'HMR probe lesson' })
      .waitFor({ timeout: 30_000 });
    // ...and an edit of its prose shows up in place
    await page.locator('[data-testid=lesson-index] a', { hasText: 'HMR probe lesson' }).click();
    const prose = path.join(PROBE, 'prose.en.md');
    writeFileSync(
      prose,
      `${readFileSync(prose, 'utf8')}\n\nA paragraph added while the page was open.\n`,
    );
    await page.waitForFunction(
      () => document.body.textContent?.includes('A paragraph added while the page was open.'),
      null,
      { timeout: 30_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(7);
    await page.close();
  });
});
