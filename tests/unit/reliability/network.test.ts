/**
 * Nothing leaves the browser (issue 5.4), the worker half: once Pyodide is loaded the
 * worker removes every way of making a request, including the originals on the global
 * scope's prototype chain (`WorkerGlobalScope.prototype.fetch.call(self, url)`), so even
 * Python code that gets hold of the `js` module cannot send anything. The browser test
 * tests/browser/reliability-network.test.ts runs the same attempts from real Python.
 */
import { describe, expect, it } from 'vitest';
import { HIDDEN_NODE_GLOBALS, hideGlobals } from '../../../src/runtime/sandbox/lockdown';
import { disableNetwork, NETWORK_GLOBALS } from '../../../src/runtime/worker-core';

/** A stand-in for a worker's global: own constructors, request methods on its prototype. */
function fakeWorkerScope() {
  const sent: string[] = [];
  class Scope {}
  const proto = Scope.prototype as unknown as Record<string, unknown>;
  proto.fetch = (url: string) => sent.push(`fetch ${url}`);
  proto.importScripts = (url: string) => sent.push(`importScripts ${url}`);
  const scope = new Scope() as Record<string, unknown>;
  scope.XMLHttpRequest = function XMLHttpRequest() {
    sent.push('xhr');
  };
  scope.WebSocket = function WebSocket(url: string) {
    sent.push(`ws ${url}`);
  };
  scope.EventSource = function EventSource(url: string) {
    sent.push(`sse ${url}`);
  };
  scope.postMessage = () => {};
  return { scope, proto, sent };
}

describe('disableNetwork', () => {
  it('refuses every request API, on the global and on its prototype', () => {
    const { scope, proto, sent } = fakeWorkerScope();
    const originalFetch = proto.fetch as (url: string) => void;
    disableNetwork(scope);
    const attempts: (() => unknown)[] = [
      () => (scope.fetch as (u: string) => void)('https://example.com'),
      () => (proto.fetch as (u: string) => void).call(scope, 'https://example.com'),
      () => (Object.getPrototypeOf(scope).fetch as (u: string) => void)('https://example.com'),
      () => (scope.importScripts as (u: string) => void)('https://example.com/x.js'),
      () => new (scope.XMLHttpRequest as new () => unknown)(),
      () => new (scope.WebSocket as new (u: string) => unknown)('wss://example.com'),
      () => new (scope.EventSource as new (u: string) => unknown)('https://example.com'),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(/network access is disabled/);
    expect(sent).toEqual([]);
    // and they cannot be put back
    expect(() => {
      scope.fetch = originalFetch;
    }).toThrow(TypeError);
    expect(() => Object.defineProperty(proto, 'fetch', { value: originalFetch })).toThrow(
      TypeError,
    );
    expect(sent).toEqual([]);
  });

  it('leaves everything else alone', () => {
    const { scope } = fakeWorkerScope();
    const post = scope.postMessage;
    disableNetwork(scope);
    expect(scope.postMessage).toBe(post);
  });
});

describe('disableNetwork, nested workers and newer request APIs', () => {
  it('refuses a nested worker (its own fetch would be untouched) and WebTransport', () => {
    const started: string[] = [];
    const start = function start(url: string) {
      started.push(url);
    };
    const scope: Record<string, unknown> = { Worker: start, WebTransport: start };
    disableNetwork(scope);
    for (const name of NETWORK_GLOBALS) {
      expect(() => new (scope[name] as new (u: string) => unknown)('blob:x')).toThrow(
        /network access is disabled/,
      );
    }
    expect(started).toEqual([]);
  });
});

describe('hideGlobals (the Node sandbox child)', () => {
  it('hides process and friends from the scope Python sees, for good', () => {
    const scope: Record<string, unknown> = { process: { getBuiltinModule: () => 'net' } };
    hideGlobals(scope, HIDDEN_NODE_GLOBALS);
    for (const name of HIDDEN_NODE_GLOBALS) expect(scope[name]).toBeUndefined();
    expect(() => {
      scope.process = {};
    }).toThrow(TypeError);
    expect(() => Object.defineProperty(scope, 'process', { value: {} })).toThrow(TypeError);
  });
});
