import { describe, expect, it } from 'vitest';
import type { RuntimePhase } from '../../../src/store/app';
import {
  pythonDownloadShare,
  pythonFailedNote,
  pythonNeedNote,
  pythonStatusText,
} from '../../../src/ui/pythonStatus';

const MB = 1024 * 1024;
const downloading: RuntimePhase = {
  state: 'loading',
  progress: { stage: 'download', loaded: 3 * MB, total: 12 * MB },
};
const failed: RuntimePhase = {
  state: 'failed',
  cause: 'error',
  message: 'pyodide.asm.wasm is missing (HTTP 404).',
};
const missing: RuntimePhase = {
  state: 'failed',
  cause: 'assets',
  message: 'pyodide-lock.json could not be fetched (Failed to fetch)',
};
const ready: RuntimePhase = { state: 'ready', python: '3.14.2', interruptible: true, loadMs: 1 };

describe('what the page says about Python', () => {
  it('shows the bytes downloaded, then that Python is starting', () => {
    expect(pythonStatusText(downloading, 'en')).toBe('Downloading Python: 3.0 of 12.0 MB');
    expect(pythonStatusText(downloading, 'zh')).toBe('正在下载 Python：3.0 / 12.0 MB');
    expect(pythonDownloadShare(downloading)).toBe(0.25);
    const starting: RuntimePhase = {
      state: 'loading',
      progress: { stage: 'starting', loaded: 12 * MB, total: 12 * MB },
    };
    expect(pythonStatusText(starting, 'en')).toBe('Python is starting…');
    expect(pythonDownloadShare(starting)).toBe(1);
  });

  it('says Python is not needed yet before it starts, and has no bar then', () => {
    expect(pythonStatusText({ state: 'idle' }, 'en')).toMatch(/replay does not wait/);
    expect(pythonDownloadShare({ state: 'idle' })).toBeNull();
    expect(pythonDownloadShare({ state: 'loading' })).toBeNull();
    expect(pythonStatusText({ state: 'loading' }, 'en')).toBe('Python is loading…');
  });

  it('says why Python failed, and a restart', () => {
    expect(pythonStatusText(failed, 'en')).toBe(
      'Python could not start: pyodide.asm.wasm is missing (HTTP 404).',
    );
    expect(pythonStatusText({ state: 'loading', restartedAfter: 'crash' }, 'en')).toMatch(
      /restarting/,
    );
    expect(pythonStatusText(ready, 'en')).toBe('Python ready · Python 3.14.2');
  });

  it("words why Python failed in the reader's language, keeping the browser's detail", () => {
    expect(pythonStatusText(missing, 'en')).toBe(
      "Python could not start: Python's files could not be loaded from this site: pyodide-lock.json could not be fetched (Failed to fetch). The Pyodide assets may be missing from /pyodide/.",
    );
    expect(pythonStatusText(missing, 'zh')).toBe(
      'Python 无法启动: 无法从本站载入 Python 的文件（pyodide-lock.json could not be fetched (Failed to fetch)）。/pyodide/ 下的 Pyodide 文件可能缺失。',
    );
    const late: RuntimePhase = {
      state: 'failed',
      cause: 'timeout',
      message: 'no answer within 90 s',
    };
    expect(pythonStatusText(late, 'zh')).toBe(
      'Python 无法启动: Python 没有按时载入完成（no answer within 90 s）。请检查 /pyodide/ 下的文件能否访问。',
    );
    expect(pythonNeedNote(missing, { condition: 'x > 1' }, 'zh')).toContain(
      '/pyodide/ 下的 Pyodide 文件可能缺失',
    );
  });
});

describe('the note on a breakpoint that needs Python', () => {
  it('is absent for plain breakpoints and once Python is ready', () => {
    expect(pythonNeedNote(downloading, {}, 'en')).toBeNull();
    expect(pythonNeedNote(ready, { condition: 'x > 1' }, 'en')).toBeNull();
    // a link's condition not turned on yet is not going to run: nothing waits for Python
    expect(pythonNeedNote(downloading, { condition: 'x > 1', held: true }, 'en')).toBeNull();
    expect(pythonNeedNote(downloading, { condition: 'x > 1' }, 'en')).not.toBeNull();
  });

  it('says a condition waits for Python, with the download progress', () => {
    expect(pythonNeedNote(downloading, { condition: 'x > 1' }, 'en')).toBe(
      'A breakpoint condition needs Python to run: Downloading Python: 3.0 of 12.0 MB',
    );
    expect(pythonNeedNote(downloading, { log: 'x={x}' }, 'zh')).toBe(
      '日志点需要在 Python 中运行：正在下载 Python：3.0 / 12.0 MB',
    );
  });

  it('tells before a click that "My scenario" cannot run once Python failed, and only then', () => {
    expect(pythonFailedNote(missing, 'featureMyScenario', 'en')).toBe(
      "“My scenario” needs Python, which could not load: Python's files could not be loaded from this site: pyodide-lock.json could not be fetched (Failed to fetch). The Pyodide assets may be missing from /pyodide/. The recorded scenarios still replay.",
    );
    expect(pythonFailedNote(missing, 'featureMyScenario', 'zh')).toMatch(
      /^“我的场景”需要 Python，但 Python 无法加载：无法从本站载入/,
    );
    expect(pythonFailedNote(missing, 'featureDraft', 'en')).toMatch(
      /^Recording a draft needs Python, which could not load/,
    );
    for (const phase of [downloading, ready, { state: 'idle' } as const])
      expect(pythonFailedNote(phase, 'featureMyScenario', 'en')).toBeNull();
  });

  it('says why Python is unavailable, and that replay still works', () => {
    expect(pythonNeedNote(failed, { condition: 'x > 1' }, 'en')).toBe(
      'A breakpoint condition needs Python, which could not load: pyodide.asm.wasm is missing (HTTP 404). The recorded scenarios still replay.',
    );
    expect(pythonNeedNote(failed, { log: '' }, 'zh')).toMatch(
      /^日志点需要 Python，但 Python 无法加载/,
    );
  });
});
