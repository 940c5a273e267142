/** Types for `scripts/ensure-browser.mjs` (plain JS so it runs before anything is built). */

/** The first working Chromium ($CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser), or null; never installs. Throws if $CHROMIUM_PATH is set but broken. */
export declare function findBrowser(): { path: string; version: string } | null;

/** Like {@link findBrowser}, but installs Debian's chromium when missing and possible (root + apt-get). Resolves to the browser's path. */
export declare function ensureBrowser(): Promise<string>;
/** Flags for every headless Chromium this project starts. */
export declare const CHROMIUM_ARGS: readonly string[];
