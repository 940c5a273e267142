/**
 * Command-line parsing for `npm run lessons:check` and `npm run lesson:new`. Pure, so the
 * unit tests can cover every form without starting a process. Messages and help are in
 * the language `LESSONS_LANG` asks for (English by default).
 */
import { type Lang, t } from '../../src/i18n/cli.ts';

/** The default lessons folder, relative to the working directory. */
export const DEFAULT_ROOT = 'lessons';

/** `word` as a shell reads it back: as it is when it is plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

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

/** `lessons:check`'s help text. */
export function checkUsage(lang: Lang = 'en'): string {
  return t(lang, 'checkUsage', { root: DEFAULT_ROOT });
}

/**
 * The language of the report and its messages, from `LESSONS_LANG`: Chinese for `zh` or
 * a Chinese locale name (`zh-CN`, `zh_CN.UTF-8`, so `LESSONS_LANG=$LANG` works), else English.
 */
export function checkLang(value: string | undefined): 'zh' | 'en' {
  return /^zh(?:[-_.]\S*)?$/i.test(value?.trim() ?? '') ? 'zh' : 'en';
}

/**
 * The report's language for a command run with `env`: `LESSONS_LANG` when set, else the
 * locale the terminal speaks (`LC_ALL`, `LC_MESSAGES`, `LANG`, in POSIX's order), so a
 * teacher whose machine is set to Chinese reads Chinese without asking.
 */
export function reportLang(env: Record<string, string | undefined>): 'zh' | 'en' {
  const asked = env.LESSONS_LANG?.trim();
  if (asked) return checkLang(asked);
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v?.trim());
  return checkLang(locale);
}

/**
 * A note for a `LESSONS_LANG` that asks for neither language (`fr`): the report is in
 * English then, and says so rather than ignoring it silently. Null for zh, en, a Chinese
 * or English locale name, the C/POSIX locale, or nothing.
 */
export function langNote(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (v === '' || checkLang(v) === 'zh' || /^(?:en|c|posix)(?:[-_.@]\S*)?$/i.test(v)) return null;
  return t('en', 'langUnknown', { value: v });
}

/** `lesson:new`'s help text. */
export function newUsage(lang: Lang = 'en'): string {
  return t(lang, 'newUsage', { root: DEFAULT_ROOT });
}

type Options = Record<string, string>;

/**
 * Split argv into `--name value` / `--name=value` options and positionals. Only the
 * option names in `known` are accepted; every one of them takes a value.
 */
function splitArgv(
  argv: readonly string[],
  known: readonly string[],
  lang: Lang,
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
      return { ok: false, error: t(lang, 'argUnknownOption', { arg }) };
    }
    let value: string;
    if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) {
        return { ok: false, error: t(lang, 'argNeedsValue', { name }) };
      }
      value = argv[++i];
    }
    if (Object.hasOwn(options, name))
      return { ok: false, error: t(lang, 'argGivenTwice', { name }) };
    if (value === '') return { ok: false, error: t(lang, 'argEmptyValue', { name }) };
    options[name] = value;
  }
  return { ok: true, options, positionals, help };
}

/** Parse `lessons:check` arguments (without the node and script paths). */
export function parseCheckArgs(argv: readonly string[], lang: Lang = 'en'): Parsed<CheckArgs> {
  const split = splitArgv(argv, ['root'], lang);
  if (!split.ok) return split;
  const bad = split.positionals.find((id) => !LESSON_ID_PATTERN.test(id));
  if (bad !== undefined) {
    return { ok: false, error: t(lang, 'argNotLessonId', { id: JSON.stringify(bad) }) };
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
export function lessonIdProblem(id: string, lang: Lang = 'en'): string | null {
  if (id === '') return t(lang, 'argIdEmpty');
  if (!LESSON_ID_PATTERN.test(id)) return t(lang, 'argIdInvalid', { id: JSON.stringify(id) });
  if (id.startsWith('-') || id.endsWith('-')) {
    return t(lang, 'argIdDashEnds', { id: JSON.stringify(id) });
  }
  return null;
}

/** Parse `lesson:new` arguments (without the node and script paths). */
export function parseNewArgs(argv: readonly string[], lang: Lang = 'en'): Parsed<NewArgs> {
  const split = splitArgv(argv, ['root', 'title-zh', 'title-en'], lang);
  if (!split.ok) return split;
  const { options, positionals, help } = split;
  if (help) return { ok: true, args: { id: positionals[0] ?? '', root: DEFAULT_ROOT, help } };
  if (positionals.length === 0) return { ok: false, error: t(lang, 'argIdMissing') };
  if (positionals.length > 1) {
    return {
      ok: false,
      error: t(lang, 'argIdTooMany', { n: positionals.length, ids: positionals.join(' ') }),
    };
  }
  const id = positionals[0];
  const problem = lessonIdProblem(id, lang);
  if (problem) return { ok: false, error: problem };
  for (const name of ['title-zh', 'title-en']) {
    if (options[name] !== undefined && options[name].trim() === '') {
      return { ok: false, error: t(lang, 'argEmptyValue', { name }) };
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
