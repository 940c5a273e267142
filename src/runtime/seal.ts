/**
 * The host's half of the recorder's seal (`recorder/seal.py`): taken at install, before
 * any lesson code ran, and checked after every run through references kept here, so that
 * a run which changed the recorder, the standard library or the builtins in place cannot
 * change how later runs are recorded or behave. See docs/reliability.md, section 7.
 */
import type { PyodideAPI } from 'pyodide';
import type { PyProxy } from 'pyodide/ffi';

/** A Python callable as JavaScript sees it. */
export type PyFunction = PyProxy & ((...args: unknown[]) => unknown);

/** One seal taken by `recorder/seal.py`'s `take`, as the host keeps it. */
interface Seal {
  whole: PyProxy;
  verify: PyFunction;
  verifyCode: PyProxy;
  codeOf: PyFunction;
  isSame: PyFunction;
  sealed: PyProxy;
  c: PyProxy;
}

function sealOf(whole: PyProxy): Seal {
  const part = (i: number) => (whole as PyProxy & { get: (i: number) => unknown }).get(i);
  return {
    whole,
    verify: part(0) as PyFunction,
    verifyCode: part(1) as PyProxy,
    codeOf: part(2) as PyFunction,
    isSame: part(3) as PyFunction,
    sealed: part(4) as PyProxy,
    c: part(5) as PyProxy,
  };
}

/** Whether everything `seal` covers is as it was (its verifier's own code first). */
function intact(seal: Seal): boolean {
  try {
    const code = seal.codeOf(seal.verify) as PyProxy;
    const same = seal.isSame(code, seal.verifyCode) === true;
    code.destroy();
    return same && seal.verify(seal.sealed, seal.c) === true;
  } catch {
    return false; // a check that cannot even run (an emptied cell, a shortened table)
  }
}

/**
 * Seal the recorder package `name` and everything else loaded in `py` now. Returns
 * `prepare`, to call before each run, and `changed`, to call after it: null if the run
 * left everything as it was (or it could be put back: the standard library and the
 * builtins), else the name of what it changed.
 */
export function sealRecorder(
  py: PyodideAPI,
  name: string,
): { changed: () => string | null; prepare: () => void } {
  const [locate, restore] = ['locate', 'restore'].map(
    (f) => py.runPython(`${name}.seal.${f}`) as PyFunction,
  );
  const take = (recorder: boolean) =>
    sealOf(
      py.runPython(`${name}.seal.take(${JSON.stringify(name)}, ${recorder ? 'True' : 'False'})`),
    );
  // The recorder's own code first: a run that changed it is never trusted. The rest (the
  // builtins, the standard library) is put back when it can be.
  let own = take(true);
  let world = take(false);
  const adopt = py.runPython(`${name}.sandbox.adopt`) as PyFunction;
  const where = (seal: Seal) => {
    try {
      const found = locate(seal.whole) as unknown;
      return typeof found === 'string' ? found : 'the recorder';
    } catch {
      return 'the recorder';
    }
  };
  const changed = (): string | null => {
    if (!intact(own)) return where(own);
    if (intact(world)) return null;
    try {
      restore(world.whole);
    } catch {
      // what could not be put back shows in the check below
    }
    return intact(world) ? null : where(world);
  };
  // Before a run (the last one was checked): modules the host imported since join the
  // baseline, and the seals are taken again to include them.
  const prepare = () => {
    if ((adopt() as number) > 0) {
      own = take(true);
      world = take(false);
    }
  };
  return { changed, prepare };
}

/** A run changed the recorder, the standard library or the builtins for later runs. */
export class SealBroken extends Error {
  constructor(readonly what: string) {
    super(
      `this run changed ${what}, which every later run would go through: its recording is not used, and Python starts afresh`,
    );
    this.name = 'SealBroken';
  }
}
