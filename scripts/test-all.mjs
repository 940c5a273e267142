#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, stopping at the first failure.
 *
 *   lint → lint:py → architecture → typecheck → unit → pyodide → lessons:check → ensure-browser →
 *   build → browser
 *
 * `lessons:check` runs here once over every lesson; the pyodide suite tests the CLI on one.
 *
 * Each step's output is streamed as it runs; a summary table with timings and a final
 * `N passed, N failed` line come at the end. Exit status: 0 only if no step failed.
 *
 * Options (for local use):  --only=unit,pyodide   --skip=browser,build
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @typedef {{ name: string, command: string, args: string[] }} Step */

/** @type {Step[]} */
const steps = [
  { name: 'lint', command: npm, args: ['run', '--silent', 'lint'] },
  { name: 'lint:py', command: process.execPath, args: ['scripts/lint-python.mjs'] },
  {
    name: 'architecture',
    command: process.execPath,
    args: ['scripts/check-architecture.mjs'],
  },
  { name: 'typecheck', command: npm, args: ['run', '--silent', 'typecheck'] },
  { name: 'unit', command: bin('vitest'), args: ['run', '--project', 'unit'] },
  { name: 'pyodide', command: bin('vitest'), args: ['run', '--project', 'pyodide'] },
  { name: 'lessons:check', command: npm, args: ['run', '--silent', 'lessons:check'] },
  { name: 'ensure-browser', command: process.execPath, args: ['scripts/ensure-browser.mjs'] },
  { name: 'build', command: bin('vite'), args: ['build'] },
  { name: 'browser', command: bin('vitest'), args: ['run', '--project', 'browser'] },
];

function parseList(flag) {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${flag}=`));
  if (!arg) return null;
  const names = arg
    .slice(flag.length + 3)
    .split(',')
    .filter(Boolean);
  const unknown = names.filter((n) => !steps.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(
      `test-all: unknown step(s) ${unknown.join(', ')}; steps are: ${steps.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  return new Set(names);
}

const only = parseList('only');
const skip = parseList('skip');
for (const arg of process.argv.slice(2)) {
  if (!arg.startsWith('--only=') && !arg.startsWith('--skip=')) {
    console.error(`test-all: unknown argument ${arg} (use --only=a,b or --skip=a,b)`);
    process.exit(2);
  }
}

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = (t) => paint('1', t);
const green = (t) => paint('32', t);
const red = (t) => paint('31', t);
const yellow = (t) => paint('33', t);

function banner(text) {
  const line = '─'.repeat(Math.max(8, 78 - text.length));
  console.log(`\n${bold(`── ${text} ${line}`)}`);
}

/** Runs one command with inherited stdio; resolves to its exit code (1 if it died by signal). */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', (error) => {
      console.error(red(`could not start ${command}: ${error.message}`));
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      if (signal) console.error(red(`${command} was killed by ${signal}`));
      resolve(code ?? 1);
    });
  });
}

/** The command as a person would type it (`npm run lint`, `node_modules/.bin/vite build`). */
function displayCommand(step) {
  const command =
    step.command === process.execPath
      ? 'node'
      : path.isAbsolute(step.command)
        ? path.relative(root, step.command)
        : step.command;
  return [command, ...step.args.filter((a) => a !== '--silent')].join(' ');
}

function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** @type {{ name: string, status: 'passed'|'failed'|'skipped'|'not run', ms: number, note: string }[]} */
const results = [];
let failedCode = 0;
const started = Date.now();

for (const step of steps) {
  if (failedCode !== 0) {
    results.push({ name: step.name, status: 'not run', ms: 0, note: 'an earlier step failed' });
    continue;
  }
  if ((only && !only.has(step.name)) || skip?.has(step.name)) {
    results.push({ name: step.name, status: 'skipped', ms: 0, note: 'by --only/--skip' });
    continue;
  }
  banner(`${step.name}: ${displayCommand(step)}`);
  const t0 = Date.now();
  const code = await run(step.command, step.args);
  const ms = Date.now() - t0;
  if (code === 0) {
    results.push({ name: step.name, status: 'passed', ms, note: '' });
  } else {
    results.push({ name: step.name, status: 'failed', ms, note: `exit code ${code}` });
    failedCode = code;
  }
}

const colorFor = { passed: green, failed: red, skipped: yellow, 'not run': (t) => t };
const nameWidth = Math.max(...results.map((r) => r.name.length), 4);
banner('summary');
console.log(`${'step'.padEnd(nameWidth)}  ${'result'.padEnd(7)}  ${'time'.padStart(8)}  note`);
for (const r of results) {
  const time = r.status === 'passed' || r.status === 'failed' ? formatSeconds(r.ms) : '-';
  const status = colorFor[r.status](r.status.padEnd(7));
  console.log(`${r.name.padEnd(nameWidth)}  ${status}  ${time.padStart(8)}  ${r.note}`);
}
const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.filter((r) => r.status === 'failed').length;
const skipped = results.filter((r) => r.status === 'skipped').length;
const notRun = results.filter((r) => r.status === 'not run').length;
console.log(
  `\ntotal ${formatSeconds(Date.now() - started)}; ${skipped} skipped, ${notRun} not run`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedCode === 0 ? 0 : failedCode);
