/**
 * Listeners of a value that changes (Python's status or phase): the runtime's one
 * implementation of `subscribe` and of telling every listener, for the client
 * (./client.ts), its stand-in (./lazyClient.ts) and the page's runtime (./index.ts).
 */

/** A set of listeners of values of type `T`. */
export interface Listeners<T> {
  /** Be told of every later value; returns the unsubscribe. */
  subscribe(listener: (value: T) => void): () => void;
  /** Tell every listener `value`. */
  tell(value: T): void;
}

/** An empty set of listeners. */
export function listeners<T>(): Listeners<T> {
  const set = new Set<(value: T) => void>();
  return {
    subscribe(listener) {
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    tell(value) {
      for (const l of set) l(value);
    },
  };
}
