/**
 * Command-line parsing for `npm run lessons:check` and `npm run lesson:new`. Pure, so the
 * unit tests can cover every form without starting a process.
 */

/** The default lessons folder, relative to the working directory. */
export const DEFAULT_ROOT = 'lessons';

/** A lesson id, as the manifest schema and folder names require. */
export const LESSON_ID_PATTERN = /^[a-z0-9-]+$/;

/** What `lessons:check` was asked to do. */
export interface CheckArgs {
  /** The lessons folder. */
  root: string;
  /** Only these lessons (folder names); empty means every lesson. */
  lessonIds: string[];
  help: boolean;
}

/** What `lesson:new` was asked to do. */
export interface NewArgs {
  id: string;
  root: string;
  titleZh?: string;
  titleEn?: string;
  help: boolean;
}

/** A parse result: the arguments, or a message for the user (exit status 2). */
export type Parsed<T> = { ok: true; args: T } | { ok: false; error: string };

export const CHECK_USAGE = `usage: npm run lessons:check -- [--root <dir>] [lessonId...]

Loads every lesson under <dir> (default: ${DEFAULT_ROOT}), compiles its Python files, runs
every scenario of every panel in Pyodide and compares each run's summary with
<dir>/<id>/golden/<panelId>/<scenarioId>.json.

  --root <dir>    the lessons folder (default: ${DEFAULT_ROOT})
  lessonId...     check only these lessons
  -h, --help      show this help

example: npm run lessons:check -- s04-hooks     (only that lesson)

environment:
  UPDATE_GOLDEN=1 write the golden files instead of comparing them (and remove the
                  golden files of panels and scenarios that no longer exist)
  LESSONS_LANG=zh say what is wrong with a lesson's files in Chinese (default: en;
                  the check's own lines stay English)`;

/** The language of the lesson loader's messages, from `LESSONS_LANG` (zh or en; else en). */
export function checkLang(value: string | undefined): 'zh' | 'en' {
  return value?.trim().toLowerCase() === 'zh' ? 'zh' : 'en';
}

export const NEW_USAGE = `usage: npm run lesson:new -- <id> [--title-zh <text>] [--title-en <text>] [--root <dir>]

Creates <dir>/<id>/ (default dir: ${DEFAULT_ROOT}) with a small, working lesson to start from,
and its golden files.

  <id>               the lesson id and folder name: lowercase letters, digits and "-"
  --title-zh <text>  the Chinese title
  --title-en <text>  the English title
  --root <dir>       the lessons folder (default: ${DEFAULT_ROOT})
  -h, --help         show this help`;

type Options = Record<string, string>;

/**
 * Split argv into `--name value` / `--name=value` options and positionals. Only the
 * option names in `known` are accepted; every one of them takes a value.
 */
function splitArgv(
  argv: readonly string[],
  known: readonly string[],
):
  | { ok: true; options: Options; positionals: string[]; help: boolean }
  | { ok: false; error: string } {
  const options: Options = {};
  const positionals: string[] = [];
  let help = false;
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!arg.startsWith('--') || !known.includes(name)) {
      return { ok: false, error: `unknown option ${arg}` };
    }
    let value: string;
    if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) {
        return { ok: false, error: `option --${name} needs a value` };
      }
      value = argv[++i];
    }
    if (Object.hasOwn(options, name))
      return { ok: false, error: `option --${name} is given twice` };
    if (value === '') return { ok: false, error: `option --${name} needs a non-empty value` };
    options[name] = value;
  }
  return { ok: true, options, positionals, help };
}

/** Parse `lessons:check` arguments (without the node and script paths). */
export function parseCheckArgs(argv: readonly string[]): Parsed<CheckArgs> {
  const split = splitArgv(argv, ['root']);
  if (!split.ok) return split;
  const bad = split.positionals.find((id) => !LESSON_ID_PATTERN.test(id));
  if (bad !== undefined) {
    return { ok: false, error: `${JSON.stringify(bad)} is not a lesson id (ids match [a-z0-9-]+)` };
  }
  return {
    ok: true,
    args: {
      root: split.options.root ?? DEFAULT_ROOT,
      lessonIds: [...new Set(split.positionals)],
      help: split.help,
    },
  };
}

/** Why `id` cannot name a new lesson, or null if it can (existence is checked elsewhere). */
export function lessonIdProblem(id: string): string | null {
  if (id === '') return 'the lesson id must not be empty';
  if (!LESSON_ID_PATTERN.test(id)) {
    return `invalid lesson id ${JSON.stringify(id)}: use only lowercase letters, digits and "-" (e.g. "s05-subagents")`;
  }
  if (id.startsWith('-') || id.endsWith('-')) {
    return `invalid lesson id ${JSON.stringify(id)}: it must not start or end with "-"`;
  }
  return null;
}

/** Parse `lesson:new` arguments (without the node and script paths). */
export function parseNewArgs(argv: readonly string[]): Parsed<NewArgs> {
  const split = splitArgv(argv, ['root', 'title-zh', 'title-en']);
  if (!split.ok) return split;
  const { options, positionals, help } = split;
  if (help) return { ok: true, args: { id: positionals[0] ?? '', root: DEFAULT_ROOT, help } };
  if (positionals.length === 0) return { ok: false, error: 'missing the lesson id' };
  if (positionals.length > 1) {
    return {
      ok: false,
      error: `expected one lesson id, got ${positionals.length}: ${positionals.join(' ')}`,
    };
  }
  const id = positionals[0];
  const problem = lessonIdProblem(id);
  if (problem) return { ok: false, error: problem };
  for (const name of ['title-zh', 'title-en']) {
    if (options[name] !== undefined && options[name].trim() === '') {
      return { ok: false, error: `option --${name} needs a non-empty value` };
    }
  }
  return {
    ok: true,
    args: {
      id,
      root: options.root ?? DEFAULT_ROOT,
      ...(options['title-zh'] !== undefined ? { titleZh: options['title-zh'] } : {}),
      ...(options['title-en'] !== undefined ? { titleEn: options['title-en'] } : {}),
      help: false,
    },
  };
}

/** True when an environment flag such as UPDATE_GOLDEN is set to something truthy. */
export function envFlag(value: string | undefined): boolean {
  if (value === undefined) return false;
  return !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}
