/**
 * What the page needs of the lesson format at run time, apart from the manifest schema
 * (./schema.ts, which re-exports these): the languages, what a scenario id looks like, and
 * a run's budget (the worker protocol checks it). The page loads compiled lessons and never
 * the schema, whose checks and module lists only the loader and the checks need.
 */
import { z } from 'zod/mini';

/** The languages every lesson text is written in; zh is the primary audience. */
export const LANGS = ['zh', 'en'] as const;

/** One of {@link LANGS}. */
export type Lang = (typeof LANGS)[number];

/**
 * A Python name, as Python reads one (PEP 3131): a letter of any script or `_`, then
 * letters, digits and `_`. `名字` is one, as much as `name`. (Unicode's ID_Start and
 * ID_Continue, which Python's XID sets follow but for a few compatibility characters.)
 * For patterns that find names in code; {@link PY_IDENTIFIER} checks a whole string.
 */
export const PY_NAME = '[\\p{ID_Start}_]\\p{ID_Continue}*';

/** A string that is one Python name ({@link PY_NAME}). */
export const PY_IDENTIFIER = new RegExp(`^${PY_NAME}$`, 'u');

/** What a scenario id may be: lowercase letters, digits and underscores. */
export const SCENARIO_ID = /^[a-z0-9_]+$/;

/** Limits the recorder enforces for one run of this lesson. */
export const BudgetSchema = z.strictObject({
  /** Stop recording after this many trace events. */
  maxEvents: z.optional(z.number().check(z.int(), z.positive())),
  /** Stop the run after this many seconds of wall-clock time. */
  maxSeconds: z.optional(z.number().check(z.positive())),
});

/** Recorder limits for one run; both optional, the recorder has its own defaults. */
export type Budget = z.infer<typeof BudgetSchema>;
