/**
 * Shareable and persistent panel state.
 *
 * - The URL holds the lesson, the panel last used, its scenario, breakpoints
 *   (with conditions, hit counts, logpoints) and the step, so a copied link
 *   reopens the exact paused view.
 * - localStorage keeps each panel's scenario and breakpoints across reloads.
 */
import type { Breakpoint } from '../replay/engine';
import type { PanelKey, PanelState } from './panels';
import type { Address } from './urlSync';

/** What a link or the saved state restores for one panel. */
export interface SharedPanelState {
  scenario?: string;
  breakpoints?: Breakpoint[];
  position?: number;
}

type WireBreakpoint = [
  file: string,
  line: number,
  extra?: { c?: string; h?: number; l?: string; d?: 1 },
];

function toWire(b: Breakpoint): WireBreakpoint {
  const extra: NonNullable<WireBreakpoint[2]> = {};
  if (b.condition) extra.c = b.condition;
  if (b.hitCount) extra.h = b.hitCount;
  if (b.log !== undefined) extra.l = b.log;
  if (!b.enabled) extra.d = 1;
  return Object.keys(extra).length ? [b.file, b.line, extra] : [b.file, b.line];
}

let restoredId = 1;
function fromWire(w: unknown): Breakpoint | null {
  if (!Array.isArray(w) || typeof w[0] !== 'string' || !Number.isInteger(w[1]) || w[1] < 1)
    return null;
  const extra = (w[2] && typeof w[2] === 'object' ? w[2] : {}) as Record<string, unknown>;
  return {
    id: `r${restoredId++}`,
    file: w[0],
    line: w[1],
    enabled: extra.d !== 1,
    ...(typeof extra.c === 'string' && extra.c ? { condition: extra.c } : {}),
    ...(typeof extra.h === 'number' && extra.h > 0 ? { hitCount: Math.trunc(extra.h) } : {}),
    ...(typeof extra.l === 'string' ? { log: extra.l } : {}),
  };
}

function encode(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decode(text: string): unknown {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Serialise a panel's state for the URL's `s` parameter. */
export function encodePanelState(
  p: Pick<PanelState, 'scenario' | 'breakpoints' | 'position'>,
): string {
  return encode({ s: p.scenario, b: p.breakpoints.map(toWire), p: p.position });
}

/** Parse the URL's `s` parameter; invalid input gives an empty state, never an exception. */
export function decodePanelState(text: string | null): SharedPanelState {
  if (!text) return {};
  try {
    const raw = decode(text) as Record<string, unknown>;
    const out: SharedPanelState = {};
    if (typeof raw.s === 'string') out.scenario = raw.s;
    if (Array.isArray(raw.b))
      out.breakpoints = raw.b.map(fromWire).filter((b): b is Breakpoint => b !== null);
    if (typeof raw.p === 'number' && Number.isInteger(raw.p)) out.position = raw.p;
    return out;
  } catch {
    return {};
  }
}

/** The panel a link points at, and its state. */
export function linkedPanel(address: Address): {
  lesson: string | null;
  panel: string | null;
  state: SharedPanelState;
} {
  return {
    lesson: address.lesson,
    panel: address.panel,
    state: decodePanelState(address.state),
  };
}

/** The address of the current view of a panel (a link that reopens it). */
export function panelAddress(
  lessonId: string,
  panelId: string,
  p: Pick<PanelState, 'scenario' | 'breakpoints' | 'position'>,
): Partial<Address> {
  return {
    lesson: lessonId,
    panel: panelId,
    state: encodePanelState(p),
    hash: `panel-${panelId}`,
  };
}

const STORAGE_PREFIX = 'wpt.panel.';

/** Load the saved scenario and breakpoints of a panel. */
export function loadSaved(key: PanelKey): SharedPanelState {
  try {
    return decodePanelState(localStorage.getItem(STORAGE_PREFIX + key));
  } catch {
    return {};
  }
}

/** Save a panel's scenario and breakpoints (not the step: a reload starts fresh). */
export function save(key: PanelKey, p: PanelState): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, encodePanelState({ ...p, position: -1 }));
  } catch {
    // Storage full or disabled: the state simply is not kept.
  }
}
