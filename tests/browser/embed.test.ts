/**
 * A panel embedded in a page of another origin (issue 16.1–16.2): the host page is served
 * from a second server on another port, once as an ordinary page and once cross-origin
 * isolated. The embedded panel steps through a scenario with the snippet's breakpoint,
 * the optional host script sizes the iframe to the panel, the full app refuses to be
 * framed, no request leaves the two origins, and the embed fetches only its own lesson.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/ensure-browser.mjs';
import { type DistServer, defaultDistDir, startDistServer } from '../../scripts/serve-dist.ts';
import { embedUrl } from '../../src/store/embed';
import { axeViolations, serveAxe } from './axe-helpers.ts';
import { runtimeLine } from './panel-helpers.ts';

let app: DistServer;
let host: Server;
let hostUrl: string;
let browser: Browser;
/** The host page's HTML, by path; set by each test. */
const pages = new Map<string, { html: string; isolated: boolean }>();

beforeAll(async () => {
  app = await startDistServer({ root: defaultDistDir() });
  host = createServer((req, res) => {
    const page = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!page) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (page.isolated) {
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    }
    res.end(page.html);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const found = findBrowser();
  if (!found) throw new Error('No Chromium found: run node scripts/ensure-browser.mjs');
  browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
  await app?.close();
});

/** A context that lets the two origins through and records (and aborts) anything else. */
async function twoOrigins(): Promise<{ context: BrowserContext; foreign: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const foreign: string[] = [];
  const allowed = [new URL(app.url).origin, new URL(hostUrl).origin];
  const local = (url: string) =>
    url.startsWith('data:') || url.startsWith('blob:') || allowed.includes(new URL(url).origin);
  await context.route('**/*', (route, request) => {
    if (local(request.url())) return route.continue();
    foreign.push(request.url());
    return route.abort('blockedbyclient');
  });
  context.on('request', (r) => {
    if (!local(r.url()) && !foreign.includes(r.url())) foreign.push(r.url());
  });
  return { context, foreign };
}

const line = () => runtimeLine('answer = callback(');

/** The Embed box's snippet address for run_hooks under `pass`, with a breakpoint. */
const snippet = (lang: 'zh' | 'en') =>
  embedUrl({
    base: `${app.url}/`,
    lesson: 's04-hooks',
    panel: 'run_hooks',
    title: 'run_hooks',
    scenario: 'pass',
    breakpoints: [{ id: 'b1', file: 's04/core/runtime.py', line: line(), enabled: true }],
    lang,
  });

function hostPage(src: string): string {
  // An accessible page of its own (a language, a main landmark): axe judges it with the frame.
  return `<!doctype html><html lang="en"><head><title>A course page</title></head><body><main>
<h1>My course</h1>
<iframe id="panel" src="${src.replace(/&/g, '&amp;')}" title="run_hooks" width="100%" height="100"
  style="border:0" allow="cross-origin-isolated"></iframe>
</main>
<script src="${app.url}/embed-host.js"></script>
</body></html>`;
}

/** The embed frame of the page, once it has its panel. */
async function panelFrame(page: import('playwright-core').Page): Promise<Frame> {
  await page.waitForFunction(() => {
    const f = document.querySelector('iframe');
    return f?.contentWindow !== null;
  });
  for (;;) {
    const frame = page.frames().find((f) => f.url().startsWith(`${app.url}/embed`));
    if (frame) {
      await frame.locator('[data-testid=panel]').waitFor({ timeout: 60_000 });
      return frame;
    }
    await page.waitForEvent('frameattached', { timeout: 30_000 }).catch(() => {});
  }
}

describe.each([
  { isolated: false, name: 'an ordinary page' },
  { isolated: true, name: 'a cross-origin-isolated page' },
])('a panel embedded in $name on another origin', ({ isolated }) => {
  it('steps through the snippet scenario, sized to its content, inside the two origins', async () => {
    const src = snippet('en');
    const path = `/course-${isolated ? 'isolated' : 'plain'}.html`;
    pages.set(path, { html: hostPage(src), isolated });
    const { context, foreign } = await twoOrigins();
    const page = await context.newPage();
    // Scripts and lessons the embed fetched from the app: none may carry another lesson's
    // code (16.3).
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(app.url) && /(\.js|\/lessons\/[^/]+\.json)$/.test(r.url()))
        scripts.push(r.text());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${hostUrl}${path}`);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(isolated);

    const frame = await panelFrame(page);
    const panel = frame.locator('[data-testid=panel][data-function=run_hooks]');
    // The snippet's breakpoint and scenario arrived; the panel is alone (no page chrome).
    expect(await panel.getAttribute('data-breakpoints')).toBe(String(line()));
    expect(await frame.locator('[data-testid=scenario]').inputValue()).toBe('pass');
    expect(await frame.locator('[data-testid=lesson-index]').count()).toBe(0);
    expect(await frame.locator('[data-testid=embed-open]').count()).toBe(0);
    // Isolated only where the host is too (and lets it through with `allow`).
    expect(await frame.evaluate(() => globalThis.crossOriginIsolated)).toBe(isolated);

    // Styled as in the app: the breakpoint row lays out its fields (student.css), and the
    // phone toolbar's copy of the status stays hidden at this width.
    const head = frame.locator('[data-testid=breakpoint] .bp-head').first();
    expect(await head.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    expect(await frame.locator('[data-testid=toolbar-where]').isVisible()).toBe(false);

    const fetched = await Promise.all(scripts);
    expect(fetched.some((text) => text.includes('def run_hooks('))).toBe(true);
    expect(fetched.filter((text) => text.includes('def trigger_hooks('))).toEqual([]);

    const debug = frame.locator('[data-testid=debug]');
    await expect.poll(() => debug.isEnabled(), { timeout: 200_000 }).toBe(true);
    await debug.click();
    const status = frame.locator('[data-testid=status]');
    await status.and(frame.locator(`[data-state=paused][data-line="${line()}"]`)).waitFor({
      timeout: 60_000,
    });
    await frame.locator('[data-testid=continue]').click();
    await frame.locator('[data-testid=continue]').click();
    await frame.locator('[data-testid=status][data-state=finished]').waitFor({ timeout: 30_000 });
    await expect(frame.locator('[data-testid=output]').textContent()).resolves.toContain(
      'first -> before: second',
    );

    // The host script sized the iframe to the panel's height.
    const content = await frame.evaluate(() =>
      Math.ceil(document.getElementById('root')!.getBoundingClientRect().height),
    );
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('panel')!.getBoundingClientRect().height),
      )
      .toBe(content);
    expect(content).toBeGreaterThan(300);

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    // Two Pyodide starts on a loaded 2-core machine: more than the suite's default.
  }, 300_000);
});

describe('axe on a panel embedded in a page of another origin', () => {
  it('finds nothing in the page and its frame, in zh and en, before a run and paused', async () => {
    const found: string[] = [];
    for (const lang of ['zh', 'en'] as const) {
      const src = snippet(lang);
      const path = `/course-axe-${lang}.html`;
      pages.set(path, { html: hostPage(src), isolated: false });
      const { context } = await twoOrigins();
      await serveAxe(context);
      const page = await context.newPage();
      await page.goto(`${hostUrl}${path}`);
      const frame = await panelFrame(page);
      const debug = frame.locator('[data-testid=debug]');
      await expect.poll(() => debug.isEnabled(), { timeout: 200_000 }).toBe(true);
      for (const v of await axeViolations(page, [frame]))
        found.push(`${lang} before a run: ${v.id} ${v.targets.join(', ')}`);
      await debug.click();
      await frame
        .locator(`[data-testid=status][data-state=paused][data-line="${line()}"]`)
        .waitFor({ timeout: 60_000 });
      for (const v of await axeViolations(page, [frame]))
        found.push(`${lang} paused: ${v.id} ${v.targets.join(', ')}`);
      await context.close();
    }
    expect(found).toEqual([]);
  });
});

describe('the full app in a frame of another origin', () => {
  it('is refused by default (frame-ancestors none)', async () => {
    pages.set('/frames-app.html', {
      html: `<!doctype html><iframe src="${app.url}/?lesson=s04-hooks" onload="document.title='loaded'"></iframe>`,
      isolated: false,
    });
    const { context, foreign } = await twoOrigins();
    const page = await context.newPage();
    await page.goto(`${hostUrl}/frames-app.html`);
    await page.waitForFunction(() => document.title === 'loaded');
    const frame = page.frames()[1];
    // Chromium replaces a refused frame with its error page: nothing of the app ran.
    expect(frame.url()).not.toContain(app.url);
    expect(foreign).toEqual([]);
    await context.close();
  });
});

describe('an embed address that names no panel the app has', () => {
  it('blames the lesson or the panel, whichever is wrong, and lists what there is', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const missing = page.locator('[data-testid=embed-missing]');
    await page.goto(`${app.url}/embed?lesson=s04-hook&panel=run_hooks&lang=en`);
    await expect(missing.textContent()).resolves.toMatch(
      /^There is no lesson “s04-hook” .* The lessons are: .*s04-hooks/,
    );
    await page.goto(`${app.url}/embed?lesson=s04-hooks&panel=run_hook&lang=zh`);
    await expect(missing.textContent()).resolves.toMatch(
      /^找不到这个面板：课程 s04-hooks，面板 run_hook。这个课程的面板有：run_hooks、/,
    );
    await context.close();
  });
});

describe('the compact embed view', () => {
  it('keeps the code, the debugger and its panes, and leaves out questions and tables', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const target = {
      base: `${app.url}/`,
      lesson: 's04-hooks',
      panel: 'run_hooks',
      title: 'run_hooks',
      scenario: 'pass',
      breakpoints: [],
      lang: 'en' as const,
    };
    const height = async (compact: boolean) => {
      await page.goto(embedUrl({ ...target, compact }));
      await page.locator('[data-testid=panel] [data-testid=debug]').waitFor();
      return page.evaluate(() => document.documentElement.scrollHeight);
    };
    const full = await height(false);
    expect(await page.locator('[data-testid=prediction]').first().isVisible()).toBe(true);
    const compact = await height(true);
    expect(await page.locator('[data-testid=embed]').getAttribute('data-view')).toBe('compact');
    for (const part of ['prediction', 'tries', 'compare', 'setup'])
      expect(await page.locator(`[data-testid=${part}]`).first().isVisible(), part).toBe(false);
    for (const part of ['debug', 'variables', 'output', 'steps'])
      expect(await page.locator(`[data-testid=${part}]`).first().isVisible(), part).toBe(true);
    expect(compact).toBeLessThan(full - 300);
    await context.close();
  });
});
