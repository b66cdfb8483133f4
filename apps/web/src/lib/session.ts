import { useSyncExternalStore } from 'react';
import { readStored } from './storage.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Whether a login token is stored; re-renders when it is stored or cleared, in any tab. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, () => readStored('token') !== null);
}
