import { describe, expect, it } from 'vitest';
import { BENCH_GROUPS, parseBenchArgs } from '../../../scripts/bench/args';

const ok = (argv: string[]) => {
  const r = parseBenchArgs(argv);
  if (!r.ok) throw new Error(r.error);
  return r.options;
};
const error = (argv: string[]) => {
  const r = parseBenchArgs(argv);
  if (r.ok) throw new Error(`accepted ${argv.join(' ')}`);
  return r.error;
};

describe("the bench's command line", () => {
  it('runs every group with the default rounds and address when given nothing', () => {
    const o = ok([]);
    expect([...o.only]).toEqual([...BENCH_GROUPS]);
    expect(o).toMatchObject({ quick: false, coldRounds: 6, path: '/?lang=en', json: false });
    expect(ok(['--quick']).coldRounds).toBe(3);
  });

  it('keeps a --path query whole, with its own = and &', () => {
    expect(ok(['--path=/?lesson=s04-hooks&lang=en&bp=a=b']).path).toBe(
      '/?lesson=s04-hooks&lang=en&bp=a=b',
    );
  });

  it('reads the switches and the groups asked for', () => {
    const o = ok([
      '--only=lab,cold',
      '--skip-build',
      '--no-ui',
      '--no-experiments',
      '--markdown',
      '--cold=10',
    ]);
    expect([...o.only].sort()).toEqual(['cold', 'lab']);
    expect(o).toMatchObject({
      skipBuild: true,
      noUi: true,
      noExperiments: true,
      markdown: true,
      coldRounds: 10,
    });
  });

  it('names a mistyped group, flag or number instead of measuring something else', () => {
    expect(error(['--only=lab,interactions'])).toMatch(
      /unknown group "interactions"; the groups are bundle, cold/,
    );
    expect(error(['--skip-buid'])).toMatch(
      /unknown argument "--skip-buid"; the bench takes .*--skip-build/,
    );
    expect(error(['--only', 'lab'])).toMatch(/unknown argument "--only"/);
    expect(error(['--cold=ten'])).toMatch(/--cold: "ten" is not a whole number/);
    expect(error(['--cold=0'])).toMatch(/--cold/);
    expect(error(['--path=?lang=zh'])).toMatch(/--path: "\?lang=zh" must start with "\/"/);
  });
});
