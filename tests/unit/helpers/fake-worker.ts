/**
 * The one stand-in Worker of the unit tests: records what the runtime client posts and
 * lets the test answer as the Python worker would (or with garbage).
 */
import { packRecording } from '../../../src/runtime/decode';
import { emptyMeta } from '../../../src/trace/trace';

export class FakeWorker {
  /** Every worker made since the last `reset()`, oldest first. */
  static all: FakeWorker[] = [];
  static reset(): void {
    FakeWorker.all = [];
  }
  /** A `createWorker` for `createRuntimeClient`. */
  static create = (): Worker => new FakeWorker() as unknown as Worker;

  posted: { type: string; runId?: number }[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(m: { type: string; runId?: number }) {
    this.posted.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  /** Deliver a message from the worker. */
  emit(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  /** Python has loaded. */
  ready() {
    this.emit({ type: 'ready', python: '3.14.2', interruptible: false, loadMs: 1 });
  }
  /** The record requests posted so far. */
  runs() {
    return this.posted.filter((m) => m.type === 'record');
  }
  /** Answer run `runId` with an empty completed trace whose output is `output`. */
  answer(runId: number, output = `run ${runId}`) {
    const meta = { ...emptyMeta('completed', null), output };
    this.record(runId, JSON.stringify(meta), new ArrayBuffer(0));
  }
  /** Answer run `runId` with the recording `meta` + `buffer`, decoded as the worker does. */
  record(runId: number | undefined, meta: string, buffer: ArrayBuffer) {
    this.emit({ type: 'recorded', runId, packed: packRecording(meta), buffer });
  }
}
