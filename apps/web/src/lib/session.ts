import { useSyncExternalStore } from 'react';
import { readStored, type StorageKey } from './storage.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Whether a login token is stored; re-renders when it is stored or cleared, in any tab. */
export function useIsLoggedIn(): boolean {
  return useStored('token') !== null;
}

/** A stored value; re-renders every reader when it is written (writeStored says so), in any tab. */
export function useStored(key: StorageKey): string | null {
  return useSyncExternalStore(subscribe, () => readStored(key));
}
