/**
 * `npm run lesson:new -- <id> [--title-zh ..] [--title-en ..] [--root <dir>]`: create
 * `<dir>/<id>/`, a small working lesson to start from, and its golden files (written by
 * the same check `lessons:check` runs). Refuses an invalid or existing id.
 * Exit status: 0 on success, 1 if the new lesson fails its check, 2 on a usage error.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { t } from '../src/i18n/cli.ts';
import { langNote, newUsage, parseNewArgs, reportLang } from './lib/args.ts';
import { runCheck } from './lib/check.ts';
import { lessonDisplayDir } from './lib/report.ts';
import { nextOrder, starterLessonFiles } from './lib/template.ts';

function refuse(message: string): never {
  console.error(`lesson:new: ${message}`);
  process.exit(2);
}

const lang = reportLang(process.env);
const note = langNote(process.env.LESSONS_LANG);
if (note) console.error(`lesson:new: ${note}`);
const parsed = parseNewArgs(process.argv.slice(2), lang);
if (!parsed.ok) refuse(`${parsed.error}\n\n${newUsage(lang)}`);
if (parsed.args.help) {
  console.log(newUsage(lang));
  process.exit(0);
}
const { id, root, titleZh, titleEn } = parsed.args;
const cwd = process.cwd();
const rootAbs = path.resolve(cwd, root);
const lessonAbs = path.join(rootAbs, id);
const shown = lessonDisplayDir(rootAbs, id, cwd);

// The orders of the existing lessons (a manifest that does not parse is skipped).
const existingOrders: unknown[] = [];
let folders: string[] = [];
try {
  folders = (await readdir(rootAbs, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
} catch (err) {
  if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
    refuse(t(lang, 'newCannotRead', { root, reason: (err as Error).message }));
}
if (folders.includes(id)) refuse(t(lang, 'newExists', { dir: shown }));
for (const folder of folders) {
  try {
    const manifest = JSON.parse(await readFile(path.join(rootAbs, folder, 'lesson.json'), 'utf8'));
    existingOrders.push(manifest?.order);
  } catch {
    // not a lesson, or a broken one: lessons:check reports it
  }
}

const files = starterLessonFiles({
  id,
  order: nextOrder(existingOrders),
  ...(titleZh !== undefined ? { titleZh } : {}),
  ...(titleEn !== undefined ? { titleEn } : {}),
});

await mkdir(rootAbs, { recursive: true });
try {
  await mkdir(lessonAbs); // not recursive: fails if the folder appeared meanwhile
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
    refuse(t(lang, 'newExists', { dir: shown }));
  }
  throw err;
}
console.log(t(lang, 'newCreated', { dir: shown }));
for (const [rel, text] of Object.entries(files)) {
  const file = path.join(lessonAbs, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  console.log(`  ${shown}/${rel}`);
}

console.log(`\n${t(lang, 'newGenerating')}`);
const result = await runCheck({
  root: rootAbs,
  lessonIds: [id],
  update: true,
  lang,
  print: (line) => console.log(line === '' ? '' : `  ${line}`),
});
if (result.usageError || result.failed > 0) {
  const why =
    result.usageError ?? t(lang, 'checkTotals', { passed: result.passed, failed: result.failed });
  console.error(`\nlesson:new: ${t(lang, 'newFailed', { why, dir: shown })}`);
  process.exit(1);
}

const rootArg = path.relative(cwd, rootAbs) === 'lessons' ? '' : ` -- --root ${root}`;
const check = `npm run lessons:check${rootArg}${rootArg ? ' ' : ' -- '}${id}`;
console.log(`\n${t(lang, 'newNextSteps', { dir: shown, check })}`);
