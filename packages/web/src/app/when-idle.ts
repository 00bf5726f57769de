/**
 * Runs `task` once the browser has nothing better to do (after the page is usable), for
 * prefetching code the visitor will probably need next. Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 2_000);
  return () => window.clearTimeout(id);
}
