/**
 * Runs `task` once the page has loaded and the browser is idle: code a screen needs soon but not
 * to show, fetched before it competes with what draws the first screen (decision 029). Returns a
 * function that cancels it (an effect's clean-up).
 */
export function afterLoad(task: () => void): () => void {
  let cancelled = false;
  const runWhenIdle = () =>
    whenIdle(() => {
      if (!cancelled) task();
    });
  if (document.readyState === 'complete') runWhenIdle();
  else window.addEventListener('load', runWhenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', runWhenIdle);
  };
}

/**
 * Runs `task` in the browser's next idle period, at the latest after 2 s: after the frame that
 * answers what the person just did (issue 32: work started inside a tap's own event took 60 ms
 * of a phone's processor before the tap was answered).
 */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(task, { timeout: 2000 });
  } else {
    window.setTimeout(task, 200);
  }
}
