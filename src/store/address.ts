/**
 * The app's address, parsed and formatted: pure functions over a URL string, shared by
 * the URL's owner (urlSync.ts) and the shell script that runs before the app
 * (src/shell/start.ts), which must not load zustand or React.
 *
 * URL parameters: `lesson`, `lang`, `author` (1/0), `panel` and `s` (the shared state of
 * the panel last used), `sw`, and the `#panel-<id>` hash.
 */

/** The parts of the URL the app reads. A null field is absent from the URL. */
export interface Address {
  lesson: string | null;
  lang: string | null;
  /** `1` / `0` when author mode was asked for or against. */
  author: string | null;
  /** The panel the shared state belongs to. */
  panel: string | null;
  /** The shared state of that panel (see src/store/share.ts). */
  state: string | null;
  /** `off`: remove the offline cache (src/store/offline.ts). */
  sw: string | null;
  /** Without the leading `#`; empty when none. */
  hash: string;
}

const PARAMS = {
  lesson: 'lesson',
  lang: 'lang',
  author: 'author',
  panel: 'panel',
  state: 's',
  sw: 'sw',
};
type ParamField = keyof typeof PARAMS;

/** Parse a URL into an address. */
export function parseAddress(href: string): Address {
  const url = new URL(href);
  const q = url.searchParams;
  return {
    lesson: q.get(PARAMS.lesson),
    lang: q.get(PARAMS.lang),
    author: q.get(PARAMS.author),
    panel: q.get(PARAMS.panel),
    state: q.get(PARAMS.state),
    sw: q.get(PARAMS.sw),
    hash: url.hash.replace(/^#/, ''),
  };
}

/** `href` with the fields of `patch` set (null removes a parameter; '' removes the hash). */
export function formatAddress(href: string, patch: Partial<Address>): string {
  const url = new URL(href);
  for (const field of Object.keys(PARAMS) as ParamField[]) {
    if (!(field in patch)) continue;
    const value = patch[field];
    if (value === null || value === undefined) url.searchParams.delete(PARAMS[field]);
    else url.searchParams.set(PARAMS[field], value);
  }
  if (patch.hash !== undefined) url.hash = patch.hash;
  return url.toString();
}

/** The address of a URL with no parameters and no hash. */
export const EMPTY_ADDRESS: Address = {
  lesson: null,
  lang: null,
  author: null,
  panel: null,
  state: null,
  sw: null,
  hash: '',
};
