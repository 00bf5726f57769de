/**
 * Runs `task` once the page has loaded and the browser has nothing better to do, for prefetching
 * code the visitor will probably need next: it never competes with the first download. Returns a
 * cancel function.
 */
export function whenIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: 5_000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 2_000);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
