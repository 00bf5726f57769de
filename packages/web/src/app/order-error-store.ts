/**
 * The one place failed basket calls are announced: the query client's mutation cache pushes the
 * error here and the order-error modal shows it. A tiny external store, read with
 * `useSyncExternalStore`, so no component needs to thread an `onError` through.
 */
type Listener = () => void;

let current: unknown = null;
const listeners = new Set<Listener>();

export const orderErrorStore = {
  show(error: unknown): void {
    current = error;
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    if (current === null) return;
    current = null;
    listeners.forEach((listener) => listener());
  },
  get(): unknown {
    return current;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
