import { useDeferredValue, useLayoutEffect, useSyncExternalStore } from 'react';

// A screen whose data has come draws it in the background (decision 053): React builds the new
// content in short slices, so a phone stays answerable, instead of one long task per call that
// lands. Until its first content is on screen, the screen still counts as loading: the overlay
// stays, and the footer waits (drawn first, it would be pushed down: a layout shift). Later
// data (a next page, a reload) is drawn the same way over what is shown, uncovered.

let drawing = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changeDrawing(by: number) {
  drawing += by;
  for (const listener of listeners) listener();
}

/** How many screens have data they are still drawing. */
export function useScreensDrawing(): number {
  return useSyncExternalStore(subscribe, () => drawing);
}

/**
 * `value` as the screen shows it: the previous one until what the new one draws is ready.
 * Undefined stands for no data yet. Keep `value` stable (useMemo) and the content drawn from it
 * memoised, or nothing is deferred.
 */
export function useDrawnInBackground<T>(value: T): T {
  const shown = useDeferredValue(value);
  const lagging = shown === undefined && value !== undefined;
  // Before the browser paints the render that has the new value but not its content.
  useLayoutEffect(() => {
    if (!lagging) return;
    changeDrawing(1);
    return () => changeDrawing(-1);
  }, [lagging]);
  return shown;
}
