/**
 * The one owner of the address bar: the only code that reads or writes `location` and
 * `history`. Everything else asks for an `Address` (a parsed URL) or calls `navigate`.
 *
 * Parsing and formatting are pure (`parseAddress`, `formatAddress` in address.ts, which
 * lists the parameters) and unit-tested; `useAddress` mirrors the current address for the
 * UI and follows back/forward navigation once `startUrlSync` ran.
 */
import { create } from 'zustand';
import {
  type Address,
  EMPTY_ADDRESS,
  formatAddress,
  hashPanel,
  panelLinkTarget,
  parseAddress,
} from './address';

/** The current address (updated by `navigate` and by back/forward). */
export const useAddress = create<Address>()(() => EMPTY_ADDRESS);

/** Read the page's address now (also before `startUrlSync`). */
export function currentAddress(): Address {
  return typeof location === 'undefined' ? EMPTY_ADDRESS : parseAddress(location.href);
}

/**
 * Change the URL. `push` adds a history entry (opening another lesson); the default
 * replaces the current one (the view changed: language, author mode, a panel's state).
 */
export function navigate(patch: Partial<Address>, options: { push?: boolean } = {}): void {
  const href = formatAddress(location.href, patch);
  if (href !== location.href) {
    if (options.push) history.pushState(null, '', href);
    else history.replaceState(history.state, '', href);
  }
  useAddress.setState(parseAddress(href));
}

/** Follow back/forward navigation. Returns a function that stops. */
export function startUrlSync(): () => void {
  useAddress.setState(currentAddress());
  const onPop = () => useAddress.setState(currentAddress());
  addEventListener('popstate', onPop);
  return () => removeEventListener('popstate', onPop);
}

/** Scroll to the element the hash names (after it was rendered). */
export function scrollToHash(): void {
  const { hash } = useAddress.getState();
  if (hashPanel(hash) !== null) document.getElementById(hash)?.scrollIntoView();
}

/**
 * The panel a link on this page leads to (see `panelLinkTarget`); `here` is the lesson the
 * page shows, for links that name only the panel.
 */
export function panelLinkedBy(
  href: string,
  here: string | null,
): { lesson: string; panel: string } | null {
  return panelLinkTarget(href, location.href, here);
}
