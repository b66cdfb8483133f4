import { Loader } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import classes from './LoadingOverlay.module.css';

/**
 * The full-screen 'Loading' overlay of spec 2, shown while a screen waits for its first data
 * or a change is being saved. Background refreshes of data already on screen don't cover it.
 */
export function LoadingOverlay() {
  const firstLoads = useIsFetching({ predicate: (q) => q.state.data === undefined });
  const saves = useIsMutating();
  if (firstLoads + saves === 0) return null;
  return (
    <div className={classes.overlay} role="status" aria-live="polite" aria-label="Loading">
      <Loader color="white" size="lg" />
      <span className={classes.label}>Loading</span>
    </div>
  );
}
