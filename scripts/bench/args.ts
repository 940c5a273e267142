/**
 * The bench's command line (`scripts/bench.ts`), parsed and checked. Pure: a mistyped
 * flag or group is an error that names it, instead of a bench that silently measures
 * something else (or nothing) for minutes.
 */

/** The measurement groups, in the order they run. */
export const BENCH_GROUPS = ['bundle', 'cold', 'instant', 'interact', 'lab', 'objects'] as const;

/** One of {@link BENCH_GROUPS}. */
export type BenchGroup = (typeof BENCH_GROUPS)[number];

/** What the bench was asked to do. */
export interface BenchOptions {
  /** Fewer repetitions, no experiment. */
  quick: boolean;
  /** The groups to run (all by default). */
  only: ReadonlySet<BenchGroup>;
  /** The app's address for the cold loads and interactions (a query is kept whole). */
  path: string;
  /** Cold-load rounds per side. */
  coldRounds: number;
  skipBuild: boolean;
  noUi: boolean;
  noExperiments: boolean;
  markdown: boolean;
  json: boolean;
}

const SWITCHES = {
  quick: 'quick',
  'skip-build': 'skipBuild',
  'no-ui': 'noUi',
  'no-experiments': 'noExperiments',
  markdown: 'markdown',
  json: 'json',
} as const;
const VALUES = ['only', 'path', 'cold'] as const;

/** The options of `argv` (the arguments after the script), or what is wrong with them. */
export function parseBenchArgs(
  argv: readonly string[],
): { ok: true; options: BenchOptions } | { ok: false; error: string } {
  const on = new Set<string>();
  const values = new Map<string, string>();
  for (const arg of argv) {
    const m = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    const name = m?.[1] ?? '';
    if (m && m[2] === undefined && Object.hasOwn(SWITCHES, name)) on.add(name);
    // Everything after the first `=`: a --path may hold a query (`/?lesson=…&lang=en`).
    else if (m && m[2] !== undefined && (VALUES as readonly string[]).includes(name))
      values.set(name, m[2]);
    else
      return {
        ok: false,
        error: `unknown argument ${JSON.stringify(arg)}; the bench takes ${[
          ...Object.keys(SWITCHES).map((s) => `--${s}`),
          ...VALUES.map((v) => `--${v}=…`),
        ].join(', ')}`,
      };
  }
  const groups = (values.get('only') ?? BENCH_GROUPS.join(',')).split(',').map((g) => g.trim());
  const unknown = groups.filter((g) => !(BENCH_GROUPS as readonly string[]).includes(g));
  if (unknown.length > 0)
    return {
      ok: false,
      error: `--only: unknown group ${unknown.map((g) => JSON.stringify(g)).join(', ')}; the groups are ${BENCH_GROUPS.join(', ')}`,
    };
  const quick = on.has('quick');
  const cold = values.get('cold');
  const coldRounds = cold === undefined ? (quick ? 3 : 6) : Number(cold);
  if (!Number.isInteger(coldRounds) || coldRounds < 1)
    return {
      ok: false,
      error: `--cold: ${JSON.stringify(cold)} is not a whole number of rounds (1 or more)`,
    };
  const path = values.get('path') ?? '/?lang=en';
  if (!path.startsWith('/'))
    return {
      ok: false,
      error: `--path: ${JSON.stringify(path)} must start with "/" (an address on the bench's server)`,
    };
  return {
    ok: true,
    options: {
      quick,
      only: new Set(groups as BenchGroup[]),
      path,
      coldRounds,
      skipBuild: on.has('skip-build'),
      noUi: on.has('no-ui'),
      noExperiments: on.has('no-experiments'),
      markdown: on.has('markdown'),
      json: on.has('json'),
    },
  };
}
