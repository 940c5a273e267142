/**
 * A static host that sends no headers at all (GitHub Pages): the app is not cross-origin
 * isolated, has no CSP from the server, and must still run a panel end to end without
 * leaving its origin (issue 16.4; docs/deploy.md says what is lost).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppSession, openApp } from './harness.ts';
import { clickLine, panel, ready, runtimeLine, variables, waitState } from './panel-helpers.ts';

describe('dist/ on a host with no custom headers', () => {
  let app: AppSession | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('runs a panel to a breakpoint and to the end, without cross-origin isolation', async () => {
    app = await openApp({ path: '/?lesson=s04-hooks', plain: true });
    const response = await app.page.request.get(`${app.baseUrl}/`);
    const sent = Object.keys(response.headers()).map((h) => h.toLowerCase());
    for (const h of [
      'cross-origin-opener-policy',
      'cross-origin-embedder-policy',
      'content-security-policy',
    ])
      expect(sent).not.toContain(h);
    expect(await app.page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);

    const p = panel(app.page, 'run_hooks');
    await ready(app.page, p);
    const line = runtimeLine('answer = callback(');
    await clickLine(p, line);
    await p.locator('[data-testid=debug]').click();
    await waitState(p, 'paused', line);
    expect((await variables(p)).callback).toBe('<function first>');
    await p.locator('[data-testid=continue]').click();
    await p.locator('[data-testid=continue]').click();
    await waitState(p, 'finished');
    await expect(p.locator('[data-testid=output]').textContent()).resolves.toContain(
      'before: first -> before: second',
    );
    expect(app.foreignRequests).toEqual([]);
    expect(app.pageErrors).toEqual([]);
    expect(app.badResponses).toEqual([]);
  });
});
