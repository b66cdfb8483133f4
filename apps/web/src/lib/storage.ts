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
  | 'unfinishedUploads'
  /** The event an organiser last chose in the console's header (issue 34). */
  | 'consoleEvent'
  /** The parent's invitation link opened before signing in: where sign-in leads (decision 063). */
  | 'parentInvitation'
  /** The language the reader chose with the site's switch (decision 069). */
  | 'language'
  /** An adjudicator's mark of one entry not yet saved on the server (decision 058). */
  | `markingDraft:${number}:${number}`;

export function readStored(key: StorageKey): string | null {
  return localStorage.getItem(key);
}

/**
 * The logged-in customer's id, as stored at login (spec 3, browser storage keys). Here, not with
 * the contestants' calls, so that the app's shell reads it without the API schemas (zod) in the
 * first chunk every visit loads (bench/web-bundle).
 */
export function storedCustomerId(): number {
  const id = Number(readStored('customerId'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export function writeStored(key: StorageKey, value: string): void {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key }));
}

export function removeStored(key: StorageKey): void {
  localStorage.removeItem(key);
  window.dispatchEvent(new StorageEvent('storage', { key }));
}

/**
 * Logout, the route guard and a 401 all clear the same four keys (spec 2 and 4), and any mark an
 * adjudicator left unsaved on this device: unpublished scores do not outlive the session.
 */
export function clearSession(): void {
  for (const key of ['token', 'username', 'customerId', 'participantProfiles'] as const) {
    localStorage.removeItem(key);
  }
  const drafts = Object.keys(localStorage).filter((key) => key.startsWith('markingDraft:'));
  for (const key of drafts) localStorage.removeItem(key);
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
}
