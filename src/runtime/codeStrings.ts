/**
 * No code from strings in the Python worker. A run that gets around the recorder's import
 * blocker reaches JavaScript through Pyodide's `js` module; with `eval`, the Function
 * constructors or a timer given a string, it could write `import('https://…')` and reach
 * any host. The app's CSP (`script-src` without `'unsafe-eval'`) already refuses all
 * of them, but a static host that sends no headers (docs/deploy.md) has no CSP: this
 * holds there too. Pyodide itself needs none of them once loaded (it runs under that CSP).
 */

/** The message of every refused way to run code from a string. */
export const CODE_DISABLED = 'running code from strings is disabled in this playground';

/** A property that keeps `value` for good. */
function pin(target: object, name: string, value: unknown): void {
  try {
    Object.defineProperty(target, name, { value, writable: false, configurable: false });
  } catch {
    // Not configurable in this browser: the CSP, where there is one, still refuses it.
  }
}

/**
 * Refuse `eval`, every kind of function's constructor (reached as the global `Function` or
 * as any function's `constructor`) and string handlers of `setTimeout`/`setInterval`.
 * Call once Pyodide is loaded. The constructors are this realm's: the worker's own.
 */
export function disableCodeFromStrings(scope: Record<string, unknown>): void {
  const refuse = function refuse(): never {
    throw new TypeError(CODE_DISABLED);
  };
  const constructors = [
    Function,
    (async () => {}).constructor,
    function* () {}.constructor,
    async function* () {}.constructor,
  ];
  // A stand-in that refuses to be called or constructed, and reads like the constructor
  // otherwise (`.name`, `.prototype`): Pyodide tells its own objects apart by them.
  const guarded = (make: object) => new Proxy(make, { apply: refuse, construct: refuse });
  for (const make of constructors) pin(make.prototype, 'constructor', guarded(make));
  pin(scope, 'eval', refuse);
  pin(scope, 'Function', guarded(Function));
  for (const name of ['setTimeout', 'setInterval']) {
    const timer = scope[name];
    if (typeof timer !== 'function') continue;
    pin(scope, name, function timerOfFunctions(handler: unknown, ...rest: unknown[]) {
      if (typeof handler !== 'function') refuse();
      return timer.call(scope, handler, ...rest);
    });
  }
}
