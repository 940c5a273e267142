/**
 * The shell: `index.html` carries the first lesson's page prerendered in each language
 * (src/ui/shell/Shell.tsx), and a small script shows the reader's language at once. A
 * reader sees the article and the code before the app's JavaScript has arrived; the app
 * then takes the page over in place, and the shell never shows a page the app will not.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAllLessons } from '../../src/lessons/fs.ts';
import { type AppSession, openApp } from './harness.ts';
import { panel } from './panel-helpers.ts';

const LESSONS_DIR = new URL('../../lessons/', import.meta.url).pathname;

/** The app's entry script never arrives: what remains is what the HTML shows by itself. */
const refuseApp = async (context: BrowserContext) => {
  await context.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort('blockedbyclient'));
};

/** Where the first prose paragraph and the lesson index are, in whatever is on screen. */
async function placeOfArticle(page: Page) {
  const box = async (selector: string) => {
    const all = page.locator(selector);
    for (let i = 0; i < (await all.count()); i++) {
      const b = await all.nth(i).boundingBox();
      if (b) return b;
    }
    return null;
  };
  return { paragraph: await box('article .prose p'), index: await box('nav.index') };
}

describe('the shell', () => {
  let app: AppSession | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it("shows the first lesson in the reader's language before the app's script runs", async () => {
    const [first] = (await loadAllLessons(LESSONS_DIR)).lessons;
    if (!first) throw new Error('no lesson loads');
    const fn = first.panels[0]?.function ?? '';
    for (const lang of ['en', 'zh'] as const) {
      app = await openApp({ path: `/?lang=${lang}`, beforeNavigate: refuseApp });
      const { page } = app;
      await expect(page.locator('html').getAttribute('data-shell')).resolves.toBe(lang);
      // one page, in the reader's language, and nothing of the other
      await expect(page.locator('#shell article').count()).resolves.toBe(1);
      const article = page.locator('#shell article');
      await expect(article.isVisible()).resolves.toBe(true);
      await expect(article.getAttribute('lang')).resolves.toBe(lang === 'zh' ? 'zh-CN' : 'en');
      await expect(page.locator('#shell nav.index').textContent()).resolves.toContain(
        first.title[lang],
      );
      await expect(page.locator('#root').isVisible()).resolves.toBe(false);
      // the first panel's code, as the lesson's source has it
      const listing = article.locator('.panel .code-plain').first();
      await listing.scrollIntoViewIfNeeded();
      await listing.locator('code', { hasText: `def ${fn}(` }).waitFor();
      await app.close();
      app = null;
    }
  });

  it('gives way to the app in place: the article does not move, and no copy is left', async () => {
    app = await openApp({ path: '/?lang=en', beforeNavigate: refuseApp });
    const before = await placeOfArticle(app.page);
    await app.close();
    app = await openApp({ path: '/?lang=en' });
    await panel(app.page, 'run_hooks').waitFor();
    await expect(app.page.locator('#shell').count()).resolves.toBe(0);
    await expect(app.page.locator('html').getAttribute('data-shell')).resolves.toBeNull();
    const after = await placeOfArticle(app.page);
    expect(before.paragraph).not.toBeNull();
    expect(after).toEqual(before);
    expect(app.pageErrors).toEqual([]);
  });

  it('stays hidden when the page opens on something else', async () => {
    const lessons = (await loadAllLessons(LESSONS_DIR)).lessons;
    const [first, second] = lessons;
    const paths = [
      `/?lesson=${second?.id}&lang=en`,
      `/?lang=en#panel-${first?.panels[0]?.id}`,
      '/?lang=en&author=1',
    ];
    for (const path of paths) {
      app = await openApp({ path, beforeNavigate: refuseApp });
      await expect(app.page.locator('html').getAttribute('data-shell')).resolves.toBeNull();
      await expect(app.page.locator('#shell').count()).resolves.toBe(0);
      await app.close();
      app = null;
    }
  });
});

/** Records the header's height each time Python's status in it changes (from the start). */
const RECORD_HEADER = `(() => {
  const seen = (window.__header = []);
  const note = () => {
    const header = document.querySelector('header.topbar');
    const status = header && header.querySelector('[data-testid=runtime]');
    if (!status) return;
    const text = status.textContent.replace(/[0-9.]+/g, 'N');
    const last = seen[seen.length - 1];
    if (last && last.text === text) return;
    seen.push({ text, state: status.dataset.state, height: header.getBoundingClientRect().height });
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

describe('the header on a phone', () => {
  it('keeps its height while Python loads, so the article never moves', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const app = await openApp({
        path: `/?lang=${lang}`,
        viewport: { width: 390, height: 844 },
        beforeNavigate: async (context) => {
          await context.addInitScript(RECORD_HEADER);
        },
      });
      try {
        await app.page
          .locator('[data-testid=runtime][data-state=ready]')
          .waitFor({ timeout: 90_000 });
        const seen = (await app.page.evaluate('window.__header')) as {
          text: string;
          state: string;
          height: number;
        }[];
        // the waiting hint, loading or downloading, and ready were all on screen
        expect(seen.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(3);
        expect(seen.at(-1)?.state).toBe('ready');
        const heights = new Set(seen.map((s) => Math.round(s.height)));
        expect([...heights], `${lang}: ${JSON.stringify(seen)}`).toHaveLength(1);
      } finally {
        await app.close();
      }
    }
  });
});
