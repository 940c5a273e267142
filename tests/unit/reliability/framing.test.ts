/**
 * Who may frame what (issue 16.2) and the deployment files (16.4): the embed view may be
 * framed by the sites the build allows (any by default), the full app by none; a
 * cross-origin-isolated host may load the embed page and the host script; and the
 * `_headers` file and the nginx snippet, derived from the same policy, send exactly the
 * headers the dev and test servers send, path by path.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDistServer } from '../../../scripts/serve-dist';
import {
  deployedHeaders,
  netlifyHeaders,
  nginxSnippet,
  PATH_PATTERNS,
} from '../../../src/security/deploy-files';
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  cacheControlFor,
  DEFAULT_FRAMING,
  type FramingSettings,
  framingFromEnv,
  headersForPath,
  pathKind,
} from '../../../src/security/headers';

const frameAncestors = (h: Record<string, string>) =>
  /frame-ancestors ([^;]+)/.exec(h['Content-Security-Policy'])?.[1];

describe('framing', () => {
  it('by default: any site may frame the embed view, none the full app', () => {
    const app = headersForPath('preview', '/');
    expect(frameAncestors(app)).toBe("'none'");
    expect(app['X-Frame-Options']).toBe('DENY');
    const embed = headersForPath('preview', '/embed');
    expect(frameAncestors(embed)).toBe('*');
    expect(embed['X-Frame-Options']).toBeUndefined();
    // Both stay cross-origin isolated where the browser allows it.
    for (const h of [app, embed]) {
      expect(h['Cross-Origin-Opener-Policy']).toBe('same-origin');
      expect(h['Cross-Origin-Embedder-Policy']).toBe('require-corp');
    }
  });

  it('lets a cross-origin-isolated host load the embed page and the host script only', () => {
    expect(headersForPath('preview', '/embed')['Cross-Origin-Resource-Policy']).toBe(
      'cross-origin',
    );
    expect(headersForPath('preview', '/embed-host.js')['Cross-Origin-Resource-Policy']).toBe(
      'cross-origin',
    );
    for (const p of ['/', '/assets/boot.js', '/pyodide/pyodide.asm.wasm'])
      expect(headersForPath('preview', p)['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  it('is a build-time setting, checked when the build starts', () => {
    const f = framingFromEnv({
      EMBED_FRAME_ANCESTORS: 'https://course.example.org https://*.uni.edu',
    });
    expect(f.app).toEqual(DEFAULT_FRAMING.app);
    expect(frameAncestors(headersForPath('preview', '/embed', f))).toBe(
      'https://course.example.org https://*.uni.edu',
    );
    const open = framingFromEnv({ APP_FRAME_ANCESTORS: "'self'" });
    expect(frameAncestors(headersForPath('preview', '/', open))).toBe("'self'");
    expect(headersForPath('preview', '/', open)['X-Frame-Options']).toBeUndefined();
    expect(() => framingFromEnv({ EMBED_FRAME_ANCESTORS: 'example.org; script-src *' })).toThrow(
      /EMBED_FRAME_ANCESTORS: "example.org;" is not a frame-ancestors source/,
    );
    // What CSP reads as a host source is accepted: a path, no scheme, any port.
    const course =
      'https://course.example.org/ course.example.org *.uni.edu:* http://localhost:8080';
    expect(framingFromEnv({ EMBED_FRAME_ANCESTORS: course }).embed).toEqual(course.split(' '));
    // A keyword the shell stripped of its quotes would be a host name: refused, with the fix.
    expect(() => framingFromEnv({ APP_FRAME_ANCESTORS: 'self' })).toThrow(
      `APP_FRAME_ANCESTORS: self is read as a host name; write the keyword with its quotes, APP_FRAME_ANCESTORS="'self'"`,
    );
    expect(() => framingFromEnv({ EMBED_FRAME_ANCESTORS: 'https://a.org none' })).toThrow(
      /none is read as a host name/,
    );
    for (const bad of ['https://a.org,https://b.org', "https://a.org/'x", 'https://', 'a..org'])
      expect(() => framingFromEnv({ EMBED_FRAME_ANCESTORS: bad }), bad).toThrow(/not a frame/);

    expect(() => framingFromEnv({ APP_FRAME_ANCESTORS: "'none' https://a.org" })).toThrow(
      /'none' cannot be combined/,
    );
  });

  it('classifies paths: pages, the embed view, the host script, files', () => {
    expect(['/', '/index.html', '/anything'].map(pathKind)).toEqual(['app', 'app', 'app']);
    expect(['/embed', '/embed.html'].map(pathKind)).toEqual(['embed', 'embed']);
    expect(pathKind('/embed-host.js')).toBe('host-script');
    expect(pathKind('/assets/x.js')).toBe('file');
  });
});

/** Parse a `_headers` file into rules. */
function parseHeadersFile(text: string): { pattern: string; headers: [string, string][] }[] {
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!line.startsWith(' ')) rules.push({ pattern: line, headers: [] });
    else {
      const i = line.indexOf(':');
      rules.at(-1)!.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

const matches = (pattern: string, path: string) =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

const SETTINGS: FramingSettings[] = [
  DEFAULT_FRAMING,
  framingFromEnv({
    EMBED_FRAME_ANCESTORS: 'https://course.example.org',
    APP_FRAME_ANCESTORS: "'self'",
  }),
];

describe('deployment files', () => {
  const paths = [
    ...Object.values(PATH_PATTERNS)
      .flat()
      .map((p) => p.replace('*', 'x.js')),
  ];

  it.each(SETTINGS)('_headers: every path gets its headers once, as the servers send them', (f) => {
    const rules = parseHeadersFile(netlifyHeaders(f));
    for (const path of paths) {
      // Netlify and Cloudflare apply every matching rule; a header set twice would be joined.
      const sent: Record<string, string> = {};
      for (const rule of rules.filter((r) => matches(r.pattern, path))) {
        for (const [name, value] of rule.headers) {
          expect(sent[name], `${path}: ${name} set twice`).toBeUndefined();
          sent[name] = value;
        }
      }
      expect(sent, path).toEqual(deployedHeaders(path, f));
      expect(sent, path).toMatchObject(headersForPath('preview', path, f));
      expect(sent['Cache-Control'], path).toBe(cacheControlFor(path));
    }
  });

  it.each(SETTINGS)('nginx: each location sends exactly its path headers', (f) => {
    const text = nginxSnippet(f);
    const blocks = [...text.matchAll(/location (= )?(\S+) \{\n([^}]*)\}/g)];
    for (const path of [...paths, '/favicon.svg', '/pyodide/pyodide.asm.wasm']) {
      const exact = blocks.find((b) => b[1] && b[2] === path);
      // nginx takes the longest matching prefix, whatever the order
      const prefix = blocks
        .filter((b) => !b[1] && path.startsWith(b[2]))
        .sort((a, b) => b[2].length - a[2].length)[0];
      const block = exact ?? prefix;
      const sent = Object.fromEntries(
        [...block[3].matchAll(/add_header (\S+) "([^"]*)"( always)?;/g)].map((m) => [m[1], m[2]]),
      );
      expect(sent, path).toEqual(deployedHeaders(path, f));
      // every header on every answer, but Cache-Control on successful ones only
      for (const m of block[3].matchAll(/add_header (\S+) "[^"]*"( always)?;/g))
        expect(Boolean(m[2]), `${path}: ${m[1]}`).toBe(m[1] !== 'Cache-Control');
    }
    expect(text).toContain('location = /embed {');
    expect(text).toMatch(/location = \/embed \{[^}]*try_files \/embed\.html =404;/);
  });
});

describe('caching', () => {
  it('keeps content-hashed files for good and revalidates everything else', () => {
    for (const p of ['/assets/index-AbCd1234.js', '/lessons/s04-hooks.0123456789ab.json'])
      expect(cacheControlFor(p), p).toBe(CACHE_IMMUTABLE);
    expect(cacheControlFor('/traces/a.b.c.0123456789ab.wptrace')).toBe(CACHE_IMMUTABLE);
    expect(CACHE_IMMUTABLE).toBe('public, max-age=31536000, immutable');
    // pages (a page path under assets/ too), the service worker, unhashed files
    for (const p of ['/', '/index.html', '/embed', '/embed.html', '/assets/', '/anything'])
      expect(cacheControlFor(p), p).toBe(CACHE_REVALIDATE);
    for (const p of ['/sw.js', '/embed-host.js', '/favicon.svg', '/pyodide/pyodide.asm.wasm'])
      expect(cacheControlFor(p), p).toBe(CACHE_REVALIDATE);
    expect(CACHE_REVALIDATE).toBe('no-cache');
  });

  it.each(SETTINGS)('_headers names the service worker and the hashed folders', (f) => {
    const rules = parseHeadersFile(netlifyHeaders(f));
    const cache = (pattern: string) =>
      rules.find((r) => r.pattern === pattern)?.headers.find(([n]) => n === 'Cache-Control')?.[1];
    expect(cache('/sw.js')).toBe('no-cache');
    expect(cache('/index.html')).toBe('no-cache');
    for (const folder of ['/assets/*', '/lessons/*', '/traces/*'])
      expect(cache(folder), folder).toBe(CACHE_IMMUTABLE);
    expect(cache('/*')).toBeUndefined(); // it would be joined with each rule's own
  });

  it('the test server sends the same Cache-Control, and none on an error', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'wpt-dist-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(root, 'sw.js'), '');
    writeFileSync(path.join(root, 'assets', 'index-AbCd1234.js'), '');
    const server = await startDistServer({ root });
    try {
      const cacheOf = async (p: string) => {
        const res = await fetch(server.url + p);
        await res.arrayBuffer();
        return [res.status, res.headers.get('cache-control')];
      };
      expect(await cacheOf('/')).toEqual([200, 'no-cache']);
      expect(await cacheOf('/some/page')).toEqual([200, 'no-cache']);
      expect(await cacheOf('/sw.js')).toEqual([200, 'no-cache']);
      expect(await cacheOf('/assets/index-AbCd1234.js')).toEqual([200, CACHE_IMMUTABLE]);
      expect(await cacheOf('/assets/missing-AbCd1234.js')).toEqual([404, null]);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stops `vite build` on a wrong setting with the reason alone, before writing anything', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'wpt-framing-')), 'dist');
    try {
      const run = spawnSync(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--outDir', out],
        {
          cwd: path.resolve(import.meta.dirname, '../../..'),
          env: { ...process.env, APP_FRAME_ANCESTORS: 'self' },
          encoding: 'utf8',
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `APP_FRAME_ANCESTORS: self is read as a host name; write the keyword with its quotes, APP_FRAME_ANCESTORS="'self'"`,
      );
      expect(run.stderr).toContain('docs/deploy.md');
      // No stack trace of Vite's config loader around it.
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(path.dirname(out), { recursive: true, force: true });
    }
  });
});
