/**
 * Runs `task` once the page has finished loading and the browser has a quiet moment, for work
 * that must never compete with the first paint or a user's input (preloading). Browsers without
 * requestIdleCallback (Safari) get a short timer after the load instead. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 5_000): () => void {
  let cancelled = false;
  let cancelPending = () => {};
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
      cancelPending = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 1_000);
      cancelPending = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
  } else {
    window.addEventListener('load', schedule, { once: true });
    cancelPending = () => window.removeEventListener('load', schedule);
  }
  return () => {
    cancelled = true;
    cancelPending();
  };
}
