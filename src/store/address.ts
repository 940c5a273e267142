/**
 * The app's address, parsed and formatted: pure functions over a URL string, shared by
 * the URL's owner (urlSync.ts) and the shell script that runs before the app
 * (src/shell/start.ts), which must not load zustand or React.
 *
 * URL parameters: `lesson`, `lang`, `author` (1/0), `panel` and `s` (the shared state of
 * the panel last used), `sw`, `view` (the embed view's `compact`), and the `#panel-<id>` hash.
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
  /** The embed view's `compact`: the panel without its questions and tables. */
  view: string | null;
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
  view: 'view',
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
    view: q.get(PARAMS.view),
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

const PANEL_HASH = 'panel-';

/** The hash (without `#`) and element id that name a panel on its lesson's page. */
export function panelHash(panelId: string): string {
  return PANEL_HASH + panelId;
}

/** The panel a hash (without `#`) names, or null when it names none. */
export function hashPanel(hash: string): string | null {
  return hash.startsWith(PANEL_HASH) && hash.length > PANEL_HASH.length
    ? hash.slice(PANEL_HASH.length)
    : null;
}

/**
 * The panel a link leads to: its `#panel-<id>` and its lesson (the link's `lesson`
 * parameter, else, for a link within the page, the page's lesson `here`). Null for a link
 * to no panel, to another page, or to a panel of a lesson this cannot name. `href` may be relative to `base`, the page's URL.
 */
export function panelLinkTarget(
  href: string,
  base: string,
  here: string | null,
): { lesson: string; panel: string } | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  const page = new URL(base);
  if (url.origin !== page.origin || url.pathname !== page.pathname) return null;
  const panel = hashPanel(url.hash.replace(/^#/, ''));
  // Without a lesson parameter, a link with other parameters opens the default lesson,
  // which only the catalog knows; one with the page's own parameters stays on this page.
  const lesson = url.searchParams.get(PARAMS.lesson) ?? (url.search === page.search ? here : null);
  return panel !== null && lesson !== null ? { lesson, panel } : null;
}

/** The address of a URL with no parameters and no hash. */
export const EMPTY_ADDRESS: Address = {
  lesson: null,
  lang: null,
  author: null,
  panel: null,
  state: null,
  sw: null,
  view: null,
  hash: '',
};
