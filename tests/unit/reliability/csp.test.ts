/**
 * Nothing leaves the browser (issue 5.4), the policy half: every server that hands out
 * the app (Vite dev, `vite preview`, scripts/serve-dist.ts and the documented deployment,
 * all through `headersFor`) sends a CSP that allows only the app's own origin, plus what
 * WebAssembly and the editor need, and the cross-origin isolation headers that make
 * Pyodide's interrupt buffer available. The browser half (a real fetch refused) is in
 * tests/browser/reliability-network.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { devCsp, headersFor, headersForPath, productionCsp } from '../../../src/security/headers';

function parse(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

/** Every source a fetch, script, frame or beacon could use to reach another origin. */
const ALLOWED_SOURCES = new Set([
  "'self'",
  "'none'",
  "'wasm-unsafe-eval'",
  'blob:',
  'data:',
  "'unsafe-inline'",
]);

describe('the production Content-Security-Policy', () => {
  const csp = parse(productionCsp);

  it('names no other origin, no wildcard and no scheme that reaches the network', () => {
    for (const [name, sources] of csp) {
      for (const s of sources) expect(ALLOWED_SOURCES.has(s), `${name} ${s}`).toBe(true);
    }
    expect(productionCsp).not.toMatch(/\*|https?:|wss?:|'unsafe-eval'|'strict-dynamic'/);
  });

  it('restricts every fetch directive to the own origin, through default-src', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // data: and blob: only where the bundle needs them, never for connections or scripts
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // no directive that would fall back to something looser than default-src is missing
    for (const d of ['frame-src', 'manifest-src', 'media-src', 'child-src']) {
      if (csp.has(d)) expect(csp.get(d)).toEqual(["'self'"]);
    }
  });

  it('allows inline script only in dev, and dev adds nothing but the HMR websocket', () => {
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    const dev = parse(devCsp);
    expect(dev.get('script-src')).toContain("'unsafe-inline'");
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws:']);
    for (const [name, sources] of dev) {
      if (name !== 'script-src' && name !== 'connect-src') expect(sources).toEqual(csp.get(name));
    }
  });
});

describe('the headers of every server', () => {
  it.each(['dev', 'preview'] as const)(
    '%s: cross-origin isolated, hardened, with its CSP',
    (mode) => {
      const h = headersFor(mode);
      expect(h['Cross-Origin-Opener-Policy']).toBe('same-origin');
      expect(h['Cross-Origin-Embedder-Policy']).toBe('require-corp');
      expect(h['Cross-Origin-Resource-Policy']).toBe('same-origin');
      expect(h['X-Content-Type-Options']).toBe('nosniff');
      expect(h['Referrer-Policy']).toBe('no-referrer');
      expect(h['Content-Security-Policy']).toBe(mode === 'dev' ? devCsp : productionCsp);
    },
  );

  it('are the ones Vite dev and vite preview send, path by path', async () => {
    const config = (await import('../../../vite.config.ts')).default as unknown as (env: {
      mode: string;
    }) => { plugins: { name: string; [hook: string]: unknown }[] };
    const plugin = config({ mode: 'production' }).plugins.find(
      (p) => p?.name === 'security-headers',
    )!;
    for (const [hook, mode] of [
      ['configureServer', 'dev'],
      ['configurePreviewServer', 'preview'],
    ] as const) {
      let handler: (req: unknown, res: unknown, next: () => void) => void = () => {};
      (plugin[hook] as (s: unknown) => void)({
        middlewares: { use: (h: typeof handler) => (handler = h) },
      });
      for (const url of ['/?lesson=s04-hooks', '/embed?lesson=x&panel=y', '/assets/a.js']) {
        const sent: Record<string, string> = {};
        let passed = false;
        handler(
          { url },
          { setHeader: (n: string, v: string) => (sent[n] = v) },
          () => (passed = true),
        );
        expect(passed).toBe(true);
        expect(sent).toEqual(headersForPath(mode, new URL(url, 'http://x').pathname));
      }
    }
  });
});
