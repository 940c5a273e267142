/**
 * Where the panel's step time goes: a CPU profile of the lab page while it steps through
 * a million-event trace in the real panel, attributed to source files through source
 * maps. A diagnostic for docs/performance.md, not part of `npm run bench`.
 *
 *   npx tsx scripts/bench/profile-ui.ts     (builds the lab into .bench/profile, ~1 min)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { startDistServer } from '../serve-dist.ts';
import { freshContext, launch } from './browser.ts';
import { decodeMappings } from './composition.ts';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, '.bench', 'profile');
await build({
  root,
  mode: 'bench',
  logLevel: 'error',
  build: { outDir, emptyOutDir: true, sourcemap: true },
});

const server = await startDistServer({ root: outDir });
const { browser } = await launch();
try {
  const { context } = await freshContext(browser, server.url);
  const page = await context.newPage();
  await page.goto('/bench/app-bench.html');
  await page.locator('#lab-state[data-state=ready]').waitFor();
  await page.evaluate(() =>
    (window as unknown as { benchLab: { ready(): Promise<unknown> } }).benchLab.ready(),
  );
  type Lab = {
    mountPanel(): Promise<unknown>;
    setBreakpoint(l: number): void;
    uiLatency(n: number): Promise<unknown>;
    lessonSource(): { code: string };
  };
  await page.evaluate(() => (window as unknown as { benchLab: Lab }).benchLab.mountPanel());
  await page.evaluate(() => {
    const lab = (window as unknown as { benchLab: Lab }).benchLab;
    const line =
      lab
        .lessonSource()
        .code.split('\n')
        .findIndex((t) => t.includes('best[r % 5] = points')) + 1;
    lab.setBreakpoint(line);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.evaluate(() => (window as unknown as { benchLab: Lab }).benchLab.uiLatency(15));
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: {
        id: number;
        callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
        children?: number[];
      }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const maps = new Map<string, { sources: string[]; lines: number[][][] } | null>();
  const sourceOf = (url: string, line: number, col: number): string => {
    if (!url.includes('/assets/')) return url ? url.replace(server.url, '') : '(native)';
    const file = path.join(outDir, new URL(url).pathname);
    if (!maps.has(file)) {
      try {
        const m = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
        maps.set(file, { sources: m.sources, lines: decodeMappings(m.mappings) });
      } catch {
        maps.set(file, null);
      }
    }
    const m = maps.get(file);
    if (!m) return path.basename(file);
    let best: number[] | undefined;
    for (const seg of m.lines[line] ?? []) if (seg[0] <= col && seg.length > 1) best = seg;
    if (!best) return path.basename(file);
    const src = m.sources[best[1]].replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
    return `${src}:${best[2] + 1}`;
  };
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0;
    if (!t) continue;
    total += t;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const where = sourceOf(url, lineNumber, columnNumber);
    const file = where.replace(/:\d+$/, '');
    byFile.set(file, (byFile.get(file) ?? 0) + t);
    const key = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  }
  // Inclusive: a sample counts once for every source file on its stack (what runs under
  // a component or module, including the browser work it forces).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const fileOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber } = node.callFrame;
    fileOf.set(node.id, sourceOf(url, lineNumber, columnNumber).replace(/:\d+$/, ''));
  }
  const underFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0;
    if (!t) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const f = fileOf.get(id) as string;
      if (f === '(native)' || seen.has(f)) continue;
      seen.add(f);
      underFile.set(f, (underFile.get(f) ?? 0) + t);
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`self time while stepping in the panel: ${(total / 1000).toFixed(0)} ms sampled`);
  console.log(`\nby source file:\n${top(byFile, 18).join('\n')}`);
  console.log(`\nwith the file anywhere on the stack:\n${top(underFile, 25).join('\n')}`);
  console.log(`\nby function:\n${top(byFunction, 25).join('\n')}`);
} finally {
  await browser.close();
  await server.close();
}
