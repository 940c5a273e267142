/**
 * `npm run lesson:new -- <id> [--title-zh ..] [--title-en ..] [--root <dir>]`: create
 * `<dir>/<id>/`, a small working lesson to start from, and its golden files (written by
 * the same check `lessons:check` runs). Refuses an invalid or existing id.
 * Exit status: 0 on success, 1 if the new lesson fails its check, 2 on a usage error.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NEW_USAGE, parseNewArgs } from './lib/args.ts';
import { runCheck } from './lib/check.ts';
import { lessonDisplayDir } from './lib/report.ts';
import { nextOrder, starterLessonFiles } from './lib/template.ts';

function refuse(message: string): never {
  console.error(`lesson:new: ${message}`);
  process.exit(2);
}

const parsed = parseNewArgs(process.argv.slice(2));
if (!parsed.ok) refuse(`${parsed.error}\n\n${NEW_USAGE}`);
if (parsed.args.help) {
  console.log(NEW_USAGE);
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
    refuse(`cannot read ${root}: ${(err as Error).message}`);
}
if (folders.includes(id))
  refuse(`${shown} already exists; choose another id or remove that folder first`);
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
    refuse(`${shown} already exists; choose another id or remove that folder first`);
  }
  throw err;
}
console.log(`created ${shown}/`);
for (const [rel, text] of Object.entries(files)) {
  const file = path.join(lessonAbs, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  console.log(`  ${shown}/${rel}`);
}

console.log('\ngenerating its golden files with the lesson check:');
const result = await runCheck({
  root: rootAbs,
  lessonIds: [id],
  update: true,
  print: (line) => console.log(line === '' ? '' : `  ${line}`),
});
if (result.usageError || result.failed > 0) {
  console.error(
    `\nlesson:new: the new lesson does not pass the check (${result.usageError ?? `${result.failed} failed`}).` +
      ` The files are left in ${shown} for inspection; this is a bug in scripts/lib/template.ts.`,
  );
  process.exit(1);
}

const rootArg = path.relative(cwd, rootAbs) === 'lessons' ? '' : ` -- --root ${root}`;
console.log(`
next steps:
  1. Edit ${shown}/lesson.json: title, summary, sources, scenarios, panels and step notes
     (see docs/lesson-format.md).
  2. Replace the code in ${shown}/src/, setup.py, scenarios/ and entries/ with your lesson's.
  3. Write the articles ${shown}/prose.zh.md and prose.en.md; keep each panel marker; the
     "<!-- try -->" block under it is what the panel suggests trying ([[id]] names a scenario).
  4. Check it: npm run lessons:check${rootArg}${rootArg ? ' ' : ' -- '}${id}
  5. Regenerate and review its golden files: UPDATE_GOLDEN=1 npm run lessons:check${rootArg}${rootArg ? ' ' : ' -- '}${id}`);
