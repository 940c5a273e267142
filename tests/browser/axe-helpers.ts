/**
 * axe-core in the browser tests. The page's CSP refuses inline scripts, so axe is served
 * as a file from the app's own origin (a route of the test's browser context) and added
 * with a script tag.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';

const AXE_PATH = '/__test__/axe.min.js';
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serve axe from the app's origin in this context (call once per context). */
export async function serveAxe(context: BrowserContext): Promise<void> {
  await context.route(`**${AXE_PATH}`, (route) =>
    route.fulfill({ body: axeSource, contentType: 'application/javascript' }),
  );
}

/** One violation as the test reports it. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Run axe on the whole page; every violation it finds, whatever its impact (a moderate one,
 * such as two panels' boxes sharing a name, still misleads a screen reader's user). axe
 * looks inside the page's `frames` too (an embedded panel), each served axe by its own
 * context (`serveAxe`), and judges the page as one: the host's `<h1>` is the frame's.
 */
export async function axeViolations(page: Page, frames: Frame[] = []): Promise<AxeFinding[]> {
  for (const where of [page, ...frames]) {
    const loaded = await where.evaluate(() => 'axe' in window);
    if (!loaded) await where.addScriptTag({ url: AXE_PATH });
    // A frame of another origin (an embed in a course page) answers only when both allow it.
    await where.evaluate(() =>
      // biome-ignore lint/suspicious/noExplicitAny: axe is a global the script tag added
      (window as any).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
    );
  }
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the script tag added
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }),
    );
  });
  return violations as AxeFinding[];
}

/**
 * Wait until Python is ready and the panel's Monaco editor is on screen, with room for a
 * loaded machine (these files open several pages; Pyodide may take minutes on 2 busy cores).
 */
export async function settled(page: Page, p: Locator): Promise<void> {
  // The app gives up on a Python load that takes too long and offers Retry, as a reader
  // would see it; on a busy test machine the test presses Retry (at most twice).
  for (let attempt = 0; ; attempt++) {
    await page
      .locator('[data-testid=runtime][data-state=ready], [data-testid=runtime][data-state=failed]')
      .waitFor({ timeout: 300_000 });
    const state = await page.locator('[data-testid=runtime]').getAttribute('data-state');
    if (state === 'ready') break;
    if (attempt >= 2) throw new Error('Python failed to load three times');
    await page.locator('[data-testid=runtime-retry]').click();
  }
  await p.locator('.margin-view-overlays .line-numbers').first().waitFor({ timeout: 120_000 });
}
