import { afterEach, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness.ts';

describe('the built app in Chromium', () => {
  let app: AppSession | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('loads with a title, cross-origin isolated, without leaving its origin or throwing', async () => {
    app = await openApp({ path: '/' });
    await app.page.waitForFunction(() => document.title.trim() !== '');

    expect(await app.page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    expect(app.foreignRequests).toEqual([]);
    expect(app.cspViolations).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });

  it('answers a missing asset with 404, not with the index.html fallback', async () => {
    app = await openApp({ path: '/' });
    const response = await app.page.request.get(`${app.baseUrl}/pyodide/no-such-file.wasm`);

    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).not.toContain('text/html');
  });
});
