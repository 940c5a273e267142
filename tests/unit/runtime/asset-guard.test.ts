/**
 * The guard on Pyodide's own files (src/runtime/assetGuard.ts): a bad answer ends the load
 * with the file's name, and a load given up leaves its requests pending, never rejected.
 */
import { describe, expect, it } from 'vitest';
import { AssetError, guardAssets } from '../../../src/runtime/assetGuard';

const NAMES = ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
const URL_OF = (name: string) => `http://127.0.0.1:1/pyodide/${name}`;

/** A fake network: each file's answer (a Response, or an Error to throw). */
function network(answers: Record<string, Response | Error>): typeof fetch {
  return async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = answers[url.split('/').pop() ?? ''];
    if (!answer) throw new Error(`unexpected request ${url}`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

const wasm = () => new Response('\0asm', { headers: { 'content-type': 'application/wasm' } });
const html = () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });

/**
 * 'pending' if `p` has not settled once the queued work has run (the fake network answers
 * within microtasks, so one turn of the task queue is enough).
 */
async function settled<T>(p: Promise<T>): Promise<string> {
  const marker = new Promise<string>((r) => setTimeout(() => r('pending'), 0));
  return Promise.race([
    p.then(
      () => 'resolved',
      () => 'rejected',
    ),
    marker,
  ]);
}

describe('the guard on Pyodide files', () => {
  it('passes good answers through untouched and never fails the load', async () => {
    const good = wasm();
    const guard = guardAssets(network({ 'pyodide.asm.wasm': good }), NAMES);
    await expect(guard.fetch(URL_OF('pyodide.asm.wasm'))).resolves.toBe(good);
    expect(await settled(guard.failed)).toBe('pending');
  });

  it.each([
    ['answered by an HTML page', html(), 'pyodide.asm.wasm was answered with an HTML page'],
    ['missing', new Response('', { status: 404 }), 'pyodide.asm.wasm is missing (HTTP 404)'],
    [
      'refused',
      new TypeError('Failed to fetch'),
      'pyodide.asm.wasm could not be fetched (Failed to fetch)',
    ],
  ])(
    'ends the load naming the file when it is %s, and leaves the request pending',
    async (_, answer, message) => {
      const guard = guardAssets(
        network({
          'pyodide.asm.wasm': answer,
          'python_stdlib.zip': new TypeError('Failed to fetch'),
        }),
        NAMES,
      );
      const request = guard.fetch(URL_OF('pyodide.asm.wasm'));
      const error = await guard.failed.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AssetError);
      expect((error as Error).message).toBe(message);
      expect(await settled(request)).toBe('pending');
      // Later requests of the given-up load settle neither way, not even a failing one.
      expect(await settled(guard.fetch(URL_OF('python_stdlib.zip')))).toBe('pending');
    },
  );

  it('leaves requests of other files alone, failures included', async () => {
    const guard = guardAssets(network({ 'other.json': new TypeError('boom') }), NAMES);
    await expect(guard.fetch(URL_OF('other.json'))).rejects.toThrow('boom');
    expect(await settled(guard.failed)).toBe('pending');
  });
});
