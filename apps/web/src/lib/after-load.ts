/**
 * Runs `task` once the page has loaded and the browser is idle: code a screen needs soon but not
 * to show, fetched before it competes with what draws the first screen (decision 029). Returns a
 * function that cancels it (an effect's clean-up).
 */
export function afterLoad(task: () => void): () => void {
  let cancelled = false;
  const runWhenIdle = () => {
    const run = () => {
      if (!cancelled) task();
    };
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(run, { timeout: 2000 });
    } else {
      window.setTimeout(run, 200);
    }
  };
  if (document.readyState === 'complete') runWhenIdle();
  else window.addEventListener('load', runWhenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', runWhenIdle);
  };
}
