/**
 * `npm run lessons:check [-- --root <dir>] [lessonId...]`: load every lesson, compile
 * its Python, run every scenario of every panel in Pyodide under Node and compare each
 * run's summary with its golden file. `UPDATE_GOLDEN=1` writes the golden files instead;
 * `LESSONS_LANG=zh` words the whole report in Chinese (without it, a Chinese locale does).
 * Exit status: 0 when everything passed, 1 on any failure, 2 on a usage error.
 */
import { t } from '../src/i18n/cli.ts';
import { checkUsage, envFlag, langNote, parseCheckArgs, reportLang } from './lib/args.ts';
import { runCheck } from './lib/check.ts';

const lang = reportLang(process.env);
const note = langNote(process.env.LESSONS_LANG);
if (note) console.error(`lessons:check: ${note}`);
const parsed = parseCheckArgs(process.argv.slice(2), lang);
if (!parsed.ok) {
  console.error(`lessons:check: ${parsed.error}\n\n${checkUsage(lang)}`);
  process.exit(2);
}
if (parsed.args.help) {
  console.log(checkUsage(lang));
  process.exit(0);
}

const update = envFlag(process.env.UPDATE_GOLDEN);
let result: Awaited<ReturnType<typeof runCheck>>;
try {
  result = await runCheck({
    root: parsed.args.root,
    lessonIds: parsed.args.lessonIds,
    update,
    lang,
  });
} catch (err) {
  // Not a lesson problem: Pyodide did not load, a file could not be read or written...
  console.error(
    `lessons:check: ${t(lang, 'checkCrashed', { detail: String((err as Error).stack ?? err) })}`,
  );
  process.exit(1);
}
if (result.usageError) {
  console.error(`lessons:check: ${result.usageError}`);
  process.exit(2);
}
process.exit(result.failed > 0 ? 1 : 0);
