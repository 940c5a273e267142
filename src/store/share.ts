/**
 * Shareable and persistent panel state.
 *
 * - The URL holds the lesson, the panel last used, and for every panel the reader
 *   changed its scenario, breakpoints (with conditions, hit counts, logpoints), step
 *   and selected call-stack frame, so a copied link reopens the exact paused views.
 * - localStorage keeps each panel's scenario and breakpoints across reloads.
 */
import { create } from 'zustand';
import { SCENARIO_ID } from '../lessons/basics';
import type { Breakpoint } from '../replay/engine';
import { type Address, panelHash } from './address';
import { MY_SCENARIO } from './myScenario';
import type { PanelKey, PanelState } from './panels';

/** What a link or the saved state restores for one panel. */
export interface SharedPanelState {
  scenario?: string;
  breakpoints?: Breakpoint[];
  position?: number;
  /** The selected call-stack frame (0 = innermost). */
  frameIndex?: number;
  /** The link named this panel but its state could not be read (cut short, mistyped). */
  unreadable?: true;
  /**
   * The link was made on the sharer's own scenario, whose script a link does not carry:
   * the reader's own opens instead, at its start (the sharer's step belongs to another run).
   */
  othersMine?: true;
  /**
   * How many of the link's breakpoints could not be set: unreadable (edited or cut short),
   * or on a file or line the lesson does not have (`onLessonLines`). They are not set, and
   * the panel says so. Only a link's: a saved state drops unreadable ones silently.
   */
  unreadBreakpoints?: number;
}

/** What a link records of one panel. */
type LinkedFields = Pick<PanelState, 'scenario' | 'breakpoints' | 'position'> & {
  frameIndex?: number;
};

function wireOf(p: LinkedFields) {
  return {
    s: p.scenario,
    b: p.breakpoints.map(toWire),
    p: p.position,
    ...(p.frameIndex ? { f: p.frameIndex } : {}),
  };
}

type WireBreakpoint = [
  file: string,
  line: number,
  // o: held (its code came with a link and was not turned on: Breakpoint.held)
  extra?: { c?: string; h?: number; l?: string; d?: 1; o?: 1 },
];

function toWire(b: Breakpoint): WireBreakpoint {
  const extra: NonNullable<WireBreakpoint[2]> = {};
  if (b.condition) extra.c = b.condition;
  if (b.hitCount) extra.h = b.hitCount;
  if (b.log !== undefined) extra.l = b.log;
  if (!b.enabled) extra.d = 1;
  if (b.held) extra.o = 1;
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
    ...(typeof extra.h === 'number' && extra.h >= 1 ? { hitCount: Math.trunc(extra.h) } : {}),
    ...(typeof extra.l === 'string' ? { log: extra.l } : {}),
    ...(extra.o === 1 ? { held: true } : {}),
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
export function encodePanelState(p: LinkedFields): string {
  return encode(wireOf(p));
}

function stateOf(raw: unknown): SharedPanelState {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const out: SharedPanelState = {};
  if (typeof r.s === 'string') out.scenario = r.s;
  if (Array.isArray(r.b)) {
    out.breakpoints = r.b.map(fromWire).filter((b): b is Breakpoint => b !== null);
    const unread = r.b.length - out.breakpoints.length;
    if (unread > 0) out.unreadBreakpoints = unread;
  }
  if (typeof r.p === 'number' && Number.isInteger(r.p)) out.position = r.p;
  if (typeof r.f === 'number' && Number.isInteger(r.f) && r.f > 0) out.frameIndex = r.f;
  return out;
}

/** Parse the URL's `s` parameter; invalid input gives an empty state, never an exception. */
export function decodePanelState(text: string | null): SharedPanelState {
  if (!text) return {};
  try {
    return stateOf(decode(text));
  } catch {
    return {};
  }
}

/**
 * A link's conditions and log messages are Python that runs in the reader's browser as
 * soon as the panel records: written by whoever shared the link, not by the reader or the
 * lesson. Their breakpoints arrive turned off and held (not evaluated at all, even turned
 * off, until the reader turns them on: `Breakpoint.held`, kept in the saved state too);
 * plain breakpoints stay as they were. A link on the sharer's own scenario keeps no step
 * (`othersMine`).
 */
function asLinked(linked: SharedPanelState): SharedPanelState {
  let state = linked;
  if (state.scenario === MY_SCENARIO) {
    const { position: _step, frameIndex: _frame, ...rest } = state;
    state = { ...rest, othersMine: true };
  }
  if (!state.breakpoints) return state;
  const breakpoints = state.breakpoints.map((b) =>
    b.condition || b.log !== undefined ? { ...b, enabled: false, held: true } : b,
  );
  return { ...state, breakpoints };
}

/**
 * What a link restores for one panel of a lesson: its entry in a link that carries
 * several panels, or the whole state of a one-panel link that names it.
 */
export function linkedState(address: Address, lessonId: string, panelId: string): SharedPanelState {
  if (address.lesson !== lessonId || !address.state) return {};
  try {
    const raw = decode(address.state) as Record<string, unknown>;
    if (raw.v === 2) {
      const panels = raw.panels as Record<string, unknown> | undefined;
      return panels && Object.hasOwn(panels, panelId) ? asLinked(stateOf(panels[panelId])) : {};
    }
    return address.panel === panelId ? asLinked(stateOf(raw)) : {};
  } catch {
    // Not an encoded state: a hand-written `s=block` for the panel it names is read as
    // that scenario's id (what an instructor writing an embed by hand means by it). An
    // encoded state cut short is no scenario id (ids are lowercase): the panel it names
    // says the link could not be read, instead of naming a scenario of base64.
    if (address.panel !== panelId) return {};
    return SCENARIO_ID.test(address.state) ? { scenario: address.state } : { unreadable: true };
  }
}

/**
 * A link's state without its breakpoints on a file the panel's runs do not have, or past
 * its last line (the lesson changed since the link was made, or the link was edited),
 * counted with the unreadable ones. `lines`: how many lines each file has, by name.
 */
export function onLessonLines(
  state: SharedPanelState,
  lines: ReadonlyMap<string, number>,
): SharedPanelState {
  const all = state.breakpoints;
  if (!all) return state;
  const breakpoints = all.filter((b) => b.line <= (lines.get(b.file) ?? 0));
  if (breakpoints.length === all.length) return state;
  const unread = (state.unreadBreakpoints ?? 0) + all.length - breakpoints.length;
  return { ...state, breakpoints, unreadBreakpoints: unread };
}

/**
 * The address of a lesson's current view: every panel the reader changed, with the
 * panel last used named (the link scrolls there).
 */
export function lessonAddress(
  lessonId: string,
  lastPanel: string,
  panels: Readonly<Record<string, LinkedFields>>,
): Partial<Address> {
  const wire = Object.fromEntries(Object.entries(panels).map(([id, p]) => [id, wireOf(p)]));
  return {
    lesson: lessonId,
    panel: lastPanel,
    state: encode({ v: 2, panels: wire }),
    hash: panelHash(lastPanel),
  };
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
    state:
      address.lesson && address.panel
        ? linkedState(address, address.lesson, address.panel)
        : decodePanelState(address.state),
  };
}

/** The address of the current view of a panel (a link that reopens it). */
export function panelAddress(lessonId: string, panelId: string, p: LinkedFields): Partial<Address> {
  return {
    lesson: lessonId,
    panel: panelId,
    state: encodePanelState(p),
    hash: panelHash(panelId),
  };
}

const STORAGE_PREFIX = 'wpt.panel.';

/** Load the saved scenario and breakpoints of a panel. */
export function loadSaved(key: PanelKey): SharedPanelState {
  try {
    const saved = decodePanelState(localStorage.getItem(STORAGE_PREFIX + key));
    delete saved.unreadBreakpoints; // what this version cannot read: not a link's, not said
    return saved;
  } catch {
    return {};
  }
}

/**
 * Whether the browser refused the last save of a panel's state (its storage full or turned
 * off): the breakpoint list says that its breakpoints will not outlive a reload.
 */
export const usePanelSaving = create<{ refused: boolean }>()(() => ({ refused: false }));

/** Save a panel's scenario and breakpoints (not the step: a reload starts fresh). */
export function save(key: PanelKey, p: PanelState): void {
  let refused = false;
  try {
    localStorage.setItem(STORAGE_PREFIX + key, encodePanelState({ ...p, position: -1 }));
  } catch {
    refused = true; // storage full or disabled: the state is not kept, and that is said
  }
  if (usePanelSaving.getState().refused !== refused) usePanelSaving.setState({ refused });
}
