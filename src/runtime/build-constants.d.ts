/** Sizes in bytes of Pyodide's wasm and standard library, defined by vite.config.ts. */
declare const __PYODIDE_BYTES__: Record<string, number>;
