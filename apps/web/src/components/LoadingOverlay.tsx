import { Loader } from '@mantine/core';
import { useIsFetching, useIsMutating, type Query } from '@tanstack/react-query';
import { useScreensDrawing } from '../lib/drawn-in-background.ts';
import classes from './LoadingOverlay.module.css';
import { text } from './text.ts';

/**
 * The full-screen 'Loading' overlay of spec 2, shown while a screen waits for its first data
 * or a change is being saved. Background refreshes of data already on screen don't cover it,
 * nor do prefetches (no screen watches them) or a next page fetched while the screen keeps
 * showing the previous one (placeholder data): paging and searching stay in place on a phone.
 */
export function LoadingOverlay() {
  const firstLoads = useFirstLoads();
  const saves = useIsMutating();
  if (firstLoads + saves === 0) return null;
  return (
    <div className={classes.overlay} role="status" aria-live="polite" aria-label={text('loading')}>
      <Loader color="white" size="lg" />
      <span className={classes.label}>{text('loading')}</span>
    </div>
  );
}

/**
 * How many queries a screen is waiting on for its first data, and screens still drawing data
 * that has come (what the overlay covers).
 */
export function useFirstLoads(): number {
  return useIsFetching({ predicate: isWaitedFor }) + useScreensDrawing();
}

function isWaitedFor(query: Query): boolean {
  return (
    query.state.data === undefined &&
    query.observers.some((observer) => !observer.getCurrentResult().isPlaceholderData)
  );
}
