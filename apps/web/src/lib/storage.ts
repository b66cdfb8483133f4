/** Browser storage keys of spec 3; nothing else reads or writes localStorage directly. */
export type StorageKey =
  | 'token'
  | 'username'
  | 'customerId'
  | 'mobileMode'
  | 'participantProfiles'
  | 'cart'
  | 'currentCategory'
  | 'currentSubCategory'
  | 'whatsAppConfirmation'
  /** Uploads not finished yet, to say where they stopped after a reload (issue 32). */
  | 'unfinishedUploads';

export function readStored(key: StorageKey): string | null {
  return localStorage.getItem(key);
}

export function writeStored(key: StorageKey, value: string): void {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key }));
}

export function removeStored(key: StorageKey): void {
  localStorage.removeItem(key);
  window.dispatchEvent(new StorageEvent('storage', { key }));
}

/** Logout, the route guard and a 401 all clear the same four keys (spec 2 and 4). */
export function clearSession(): void {
  for (const key of ['token', 'username', 'customerId', 'participantProfiles'] as const) {
    localStorage.removeItem(key);
  }
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
}
