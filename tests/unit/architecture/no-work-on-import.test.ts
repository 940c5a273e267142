/**
 * Importing a module under src/ starts nothing: no worker, no storage, no URL access, no
 * lesson loading. Every store starts empty; boot.tsx starts them (docs/architecture.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const touched: string[] = [];

function trap(name: string): unknown {
  return new Proxy(
    {},
    {
      get(_, prop) {
        touched.push(`${name}.${String(prop)}`);
        return undefined;
      },
    },
  );
}

describe('importing the stores', () => {
  beforeEach(() => {
    touched.length = 0;
    vi.resetModules();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          touched.push('new Worker');
        }
      },
    );
    vi.stubGlobal('localStorage', trap('localStorage'));
    vi.stubGlobal('location', trap('location'));
    vi.stubGlobal('history', trap('history'));
    vi.stubGlobal('fetch', () => {
      touched.push('fetch');
      return Promise.reject(new Error('no fetch on import'));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts no worker, reads no storage or URL, and loads no lesson', async () => {
    const modules = [
      '../../../src/store/app',
      '../../../src/store/catalog',
      '../../../src/store/authorTools',
      '../../../src/store/catalogShipped',
      '../../../src/store/drafts',
      '../../../src/store/myScenarioStore',
      '../../../src/store/myScenarioActions',
      '../../../src/store/lessonIndex',
      '../../../src/store/panelStore',
      '../../../src/store/urlSync',
      '../../../src/store/exportPlan',
      '../../../src/i18n',
      '../../../src/runtime/index',
    ];
    for (const m of modules) await import(/* @vite-ignore */ m);
    expect(touched).toEqual([]);
    const { useCatalog } = await import('../../../src/store/catalog');
    expect(useCatalog.getState().catalog.lessons).toEqual([]);
    expect(useCatalog.getState().index).toEqual([]);
    expect(useCatalog.getState().author).toBeNull();
    const { useDrafts } = await import('../../../src/store/drafts');
    expect(useDrafts.getState().drafts).toEqual({});
  });
});
