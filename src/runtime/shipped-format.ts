/**
 * Shipped traces: the build records every scenario of every lesson panel and ships each
 * trace as a static, content-hashed file, so a reader can replay before Python loads.
 *
 * This module is the one definition both sides share (pure: no Node, no DOM):
 * - the **key** of a recording: a hash of the exact run request (every file's name,
 *   role, module and text, the scenario, the budget) and of the environment that
 *   records it (the Pyodide version, the recorder's source). A shipped trace is used
 *   only when the page computes the same key for the request it is about to make;
 * - the **file format**: `WPTR`, the key, the recorder's JSON half and its binary
 *   columns, exactly as the recorder produced them (whatever trace format that is).
 */
import type { RecordRequest } from './protocol.ts';

/** What, besides the request, decides what a recording contains. */
export interface RecordingEnvironment {
  /** The `pyodide` package version (it pins the Python version). */
  pyodide: string;
  /** {@link hashText} of the recorder's Python source. */
  recorder: string;
}

/** The recorder's raw answer: its JSON half and its binary columns. */
export interface RawRecording {
  meta: string;
  buffer: ArrayBuffer;
}

/**
 * A 128-bit hash of a string, as 32 hex digits: four 32-bit multiply-xorshift lanes
 * over the UTF-16 code units, each with its own seed, mixed together at the end.
 * Not cryptographic: it tells versions of the same lesson files apart.
 */
export function hashText(text: string): string {
  let a = 0x9e3779b1 ^ text.length;
  let b = 0x85ebca77;
  let c = 0xc2b2ae3d;
  let d = 0x27d4eb2f;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    a = Math.imul(a ^ k, 0x01000193);
    b = Math.imul(b ^ k, 0x5bd1e995);
    c = Math.imul(c ^ k, 0x1b873593) ^ (c >>> 15);
    d = Math.imul((d << 5) | (d >>> 27), 0xcc9e2d51) ^ k;
  }
  const out: number[] = [];
  const lanes = [a, b, c, d];
  for (let i = 0; i < 4; i++) {
    // Every lane's result depends on all four, so one changed unit moves every digit.
    let h = lanes[i] ^ Math.imul(lanes[(i + 1) % 4], 0x2c1b3c6d) ^ lanes[(i + 2) % 4];
    h ^= lanes[(i + 3) % 4] >>> 7;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    out.push(h >>> 0);
  }
  return out.map((n) => n.toString(16).padStart(8, '0')).join('');
}

const codeHashes = new Map<string, string>();

/**
 * {@link hashText} of a file's text, computed once per distinct text: a page asks for the
 * key of every scenario of every panel, and they share most of their files.
 */
function hashOfCode(code: string): string {
  let hash = codeHashes.get(code);
  if (hash === undefined) {
    hash = hashText(code);
    if (codeHashes.size >= 1024) codeHashes.clear();
    codeHashes.set(code, hash);
  }
  return hash;
}

/**
 * The key of a recording, or `null` for a request that is never shipped (one with
 * breakpoint conditions or logpoints: those are evaluated live, in the running frame).
 */
export function recordingKey(request: RecordRequest, env: RecordingEnvironment): string | null {
  if (request.probes && request.probes.length > 0) return null;
  const canonical = JSON.stringify([
    'wpt-recording-2',
    env.pyodide,
    env.recorder,
    request.scenario,
    request.budget ? [request.budget.maxEvents ?? null, request.budget.maxSeconds ?? null] : null,
    request.files.map((f) => [f.path, f.role, f.module ?? null, hashOfCode(f.code)]),
  ]);
  return hashText(canonical);
}

const MAGIC = [0x57, 0x50, 0x54, 0x52]; // "WPTR"
const HEADER = 12; // magic, key length, meta length

/**
 * One shipped trace as bytes: `WPTR`, the key's and the JSON's byte lengths (uint32 LE),
 * the key, the JSON, zero padding to a multiple of 8, then the columns blob.
 */
export function encodeShippedTrace(key: string, raw: RawRecording): Uint8Array {
  const enc = new TextEncoder();
  const keyBytes = enc.encode(key);
  const metaBytes = enc.encode(raw.meta);
  const blobAt = Math.ceil((HEADER + keyBytes.length + metaBytes.length) / 8) * 8;
  const out = new Uint8Array(blobAt + raw.buffer.byteLength);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, keyBytes.length, true);
  view.setUint32(8, metaBytes.length, true);
  out.set(keyBytes, HEADER);
  out.set(metaBytes, HEADER + keyBytes.length);
  out.set(new Uint8Array(raw.buffer), blobAt);
  return out;
}

/** A shipped trace file, split back into its key and the recorder's two halves. */
export function decodeShippedTrace(bytes: ArrayBuffer): { key: string } & RawRecording {
  const all = new Uint8Array(bytes);
  if (all.length < HEADER || MAGIC.some((m, i) => all[i] !== m)) {
    throw new Error('not a shipped trace (no WPTR header)');
  }
  const view = new DataView(bytes);
  const keyLength = view.getUint32(4, true);
  const metaLength = view.getUint32(8, true);
  const metaEnd = HEADER + keyLength + metaLength;
  if (metaEnd > all.length) throw new Error('shipped trace is truncated');
  const dec = new TextDecoder();
  const key = dec.decode(all.subarray(HEADER, HEADER + keyLength));
  const meta = dec.decode(all.subarray(HEADER + keyLength, metaEnd));
  const blobAt = Math.ceil(metaEnd / 8) * 8;
  return { key, meta, buffer: bytes.slice(blobAt) };
}
