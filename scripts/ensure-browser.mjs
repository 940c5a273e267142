#!/usr/bin/env node
/**
 * Makes sure a Chromium for the browser tests exists, and says where it is.
 *
 * Browser test tools cannot download their own browsers on these machines, so the tests
 * drive Debian's `chromium` package through playwright-core. Lookup order:
 *   1. $CHROMIUM_PATH (if set, it must work: no silent fallback to something else)
 *   2. /usr/bin/chromium          (Debian)
 *   3. /usr/bin/chromium-browser  (older Debian/Ubuntu naming)
 * If none is found and we are root on a system with apt-get, installs Debian's `chromium`.
 *
 * CLI:     node scripts/ensure-browser.mjs      (prints the path; exit 1 with advice if none)
 * Module:  import { ensureBrowser, findBrowser } from './ensure-browser.mjs'
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Paths tried after $CHROMIUM_PATH, in order. */
const DEFAULT_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const INSTALL_ADVICE =
  "Install Debian's Chromium (as root: `apt-get update && apt-get install -y chromium`), " +
  'or point CHROMIUM_PATH at a Chromium/Chrome binary. ' +
  "(A test tool's own browser download, e.g. `npx playwright install`, cannot work here.)";

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `<binary> --version`, or null if the binary does not start. */
function browserVersion(file) {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.error || result.status !== 0) return null;
  // Debian's /usr/bin/chromium wrapper may print shell noise on stderr; the version is on stdout.
  return result.stdout.trim() || null;
}

/**
 * Flags for every headless Chromium this project starts (browser tests, bench, dev-server
 * test). The first ones keep Debian's Chromium from phoning home (a closed network refuses
 * many connections at every start); the host-resolver rule is a last line of defence that
 * makes every host except 127.0.0.1 unresolvable.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--mute-audio',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]);

/**
 * The first working Chromium, without installing anything.
 * @returns {{ path: string, version: string } | null}
 * @throws {Error} if $CHROMIUM_PATH is set but does not point at a working browser.
 */
export function findBrowser() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    const version = isExecutable(fromEnv) ? browserVersion(fromEnv) : null;
    if (!version) {
      throw new Error(
        `CHROMIUM_PATH=${fromEnv} is not a working browser (not executable, or \`--version\` failed).`,
      );
    }
    return { path: fromEnv, version };
  }
  for (const candidate of DEFAULT_CANDIDATES) {
    if (!isExecutable(candidate)) continue;
    const version = browserVersion(candidate);
    if (version) return { path: candidate, version };
  }
  return null;
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Runs a command with inherited output; throws if it fails. */
function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(
      `\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`,
    );
  }
}

/**
 * Finds Chromium, installing Debian's package first if it is missing and we may (root +
 * apt-get). Resolves to the browser's path; rejects with an explanation otherwise.
 * @returns {Promise<string>}
 */
export async function ensureBrowser() {
  const found = findBrowser();
  if (found) return found.path;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    const why = isRoot ? 'apt-get is not available' : 'not running as root';
    throw new Error(
      `Test browser not found (looked at ${DEFAULT_CANDIDATES.join(', ')}), and cannot ` +
        `install it automatically (${why}).\n${INSTALL_ADVICE}`,
    );
  }

  console.log(
    "Test browser not found: installing Debian's chromium (apt-get update && apt-get install -y chromium)…",
  );
  try {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'chromium']);
  } catch (error) {
    throw new Error(`Installing chromium failed: ${error.message}\n${INSTALL_ADVICE}`);
  }

  const installed = findBrowser();
  if (!installed) {
    throw new Error(
      `apt-get installed chromium, but no working browser was found.\n${INSTALL_ADVICE}`,
    );
  }
  console.log(`Installed ${installed.version} at ${installed.path}.`);
  return installed.path;
}

function isMainModule() {
  if (!process.argv[1]) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (isMainModule()) {
  try {
    const browserPath = await ensureBrowser();
    const { version } = findBrowser() ?? { version: 'unknown version' };
    console.log(`Test browser: ${browserPath} (${version})`);
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
