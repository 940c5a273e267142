/**
 * Node-side lockdown of the sandboxed child (child.ts), applied once Pyodide has
 * loaded. Python's `js` module is the JavaScript global object: whatever is
 * reachable from it is reachable from lesson code that removes the recorder's
 * import blocker. Node's permission model (Node 20) confines the file system, child
 * processes and workers, but not the network, so:
 *
 * - the request APIs are refused exactly as in the browser worker (`disableNetwork`);
 * - `process` (which hands out any built-in module through `getBuiltinModule`, and
 *   signals, the environment and the IPC channel) and CommonJS leftovers are hidden;
 * - so is every built-in module that `node --eval` puts on the global object (`vm`,
 *   `os`, `fs`, `events`, `trace_events`, `v8`, ...: each one a way around the rest);
 * - storage and channels shared with other code are refused as in the worker
 *   (`disableStorage`);
 * - the child is also started with `--disallow-code-generation-from-strings`, so
 *   `js.eval("import('node:net')")` and `js.Function(...)` cannot load a module;
 * - as a last line, the network entry points of Node's own modules refuse to work,
 *   in case a reference to one is ever reachable.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import inspector from 'node:inspector';
import { builtinModules } from 'node:module';
import net from 'node:net';
import { disableNetwork, disableStorage, NETWORK_DISABLED } from '../worker-core';

/** Globals hidden from lesson code in the Node child (they give access to the host). */
export const HIDDEN_NODE_GLOBALS = ['process', 'require', 'module', 'exports', 'global'] as const;

/**
 * The built-in modules `scope` has as globals (what `node --eval` defines, as getters
 * that load the module): `os`, `vm`, `fs`, `events`, ...
 */
export function builtinGlobals(scope: Record<string, unknown>): string[] {
  return builtinModules.filter(
    (name) =>
      !(HIDDEN_NODE_GLOBALS as readonly string[]).includes(name) && Object.hasOwn(scope, name),
  );
}

/** Replace each named global of `scope` with `undefined`, for good. */
export function hideGlobals(scope: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    Object.defineProperty(scope, name, {
      value: undefined,
      writable: false,
      configurable: false,
      enumerable: false,
    });
  }
}

function refuseMethods(target: object, names: readonly string[]): void {
  const refuse = function refuse(): never {
    throw new Error(NETWORK_DISABLED);
  };
  for (const name of names) {
    if (typeof (target as Record<string, unknown>)[name] !== 'function') continue;
    Object.defineProperty(target, name, { value: refuse, writable: false, configurable: false });
  }
}

const DNS_METHODS = [
  'lookup',
  'lookupService',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCaa',
  'resolveCname',
  'resolveMx',
  'resolveNaptr',
  'resolveNs',
  'resolvePtr',
  'resolveSoa',
  'resolveSrv',
  'resolveTxt',
  'reverse',
] as const;

/** Lock the child down (see the module comment). Irreversible; call once Pyodide is loaded. */
export function lockdownNode(scope: Record<string, unknown>): void {
  refuseMethods(net.Socket.prototype, ['connect']);
  refuseMethods(net.Server.prototype, ['listen']);
  refuseMethods(dgram.Socket.prototype, ['bind', 'connect', 'send']);
  refuseMethods(dns, DNS_METHODS);
  refuseMethods(dns.promises, DNS_METHODS);
  refuseMethods(dns.Resolver.prototype, DNS_METHODS);
  refuseMethods(dns.promises.Resolver.prototype, DNS_METHODS);
  refuseMethods(inspector, ['open']);
  disableNetwork(scope);
  disableStorage(scope);
  hideGlobals(scope, HIDDEN_NODE_GLOBALS);
  hideGlobals(scope, builtinGlobals(scope));
}
