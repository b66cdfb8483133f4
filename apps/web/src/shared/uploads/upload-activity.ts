import { useEffect, useSyncExternalStore } from 'react';
import { readStored, removeStored, writeStored } from '../../lib/storage.ts';
import { text } from './text.ts';

/**
 * preparing: finding the video slot; sending: bytes on their way; saving: recording the file;
 * paused: stopped before it finished (the tab closed or reloaded, the connection was lost, the
 * parent logged out), so the parent must choose the file again to go on.
 */
export type UploadPhase = 'preparing' | 'sending' | 'saving' | 'paused';

/** What the parent sees of one entry's upload, on every screen (issue 32). */
export interface UploadActivity {
  entryId: number;
  /** The account that started it: another account on the same browser never sees it. */
  customerId: number;
  /** The contestant whose entry it is: the Uploads portal shows them while it runs (spec 4). */
  participantId: number;
  /** Whose entry, for the bar shown on other screens ("VA101 for Lerato"). */
  entryLabel: string;
  kind: 'video' | 'image' | 'document';
  fileName: string;
  phase: UploadPhase;
  percent: number;
  /** No progress for the configured number of seconds (spec 8 stall text). */
  stalled: boolean;
}

type Activities = Readonly<Record<number, UploadActivity>>;

/**
 * Every upload of the app, in one place, so that it goes on while the parent moves around the
 * portal and every screen can show it. The uploads feature runs the uploads and writes here; the
 * shell's bar and the Uploads portal read. What is not finished is also kept in localStorage,
 * so that after a reload or a closed tab the upload is shown as paused instead of vanishing.
 */
let activities: Activities = readPaused();
const listeners = new Set<() => void>();

function readPaused(): Activities {
  try {
    const stored: unknown = JSON.parse(readStored('unfinishedUploads') ?? '[]');
    if (!Array.isArray(stored)) return {};
    const paused: Record<number, UploadActivity> = {};
    for (const item of stored as UploadActivity[]) {
      if (typeof item?.entryId !== 'number' || typeof item.fileName !== 'string') continue;
      // Nothing of this page's life survives a reload: what was running is paused now.
      paused[item.entryId] = { ...item, phase: 'paused', stalled: false };
    }
    return paused;
  } catch {
    return {};
  }
}

function persist(next: Activities): void {
  const unfinished = Object.values(next);
  if (unfinished.length === 0) removeStored('unfinishedUploads');
  else writeStored('unfinishedUploads', JSON.stringify(unfinished));
}

function commit(next: Activities, { store }: { store: boolean }): void {
  activities = next;
  if (store) persist(next);
  for (const listener of listeners) listener();
}

/** Starts showing an upload (replacing a paused one of the same entry). */
export function showUpload(activity: UploadActivity): void {
  commit({ ...activities, [activity.entryId]: activity }, { store: true });
}

/**
 * Changes what is shown of a running upload. Storing is skipped while only the stall flag
 * changes; the percent is stored as it moves, so a paused upload says how far it got.
 */
export function updateUpload(entryId: number, changes: Partial<UploadActivity>): void {
  const current = activities[entryId];
  if (!current) return;
  const next = { ...current, ...changes };
  if (
    next.percent === current.percent &&
    next.phase === current.phase &&
    next.stalled === current.stalled
  )
    return;
  const store = next.percent !== current.percent || next.phase !== current.phase;
  commit({ ...activities, [entryId]: next }, { store });
}

/** The upload finished, was cancelled or refused: nothing more to show. */
export function forgetUpload(entryId: number): void {
  if (!(entryId in activities)) return;
  const rest = { ...activities };
  delete rest[entryId];
  commit(rest, { store: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every upload of the signed-in account: running ones and paused ones. */
export function useUploadActivity(customerId: number): UploadActivity[] {
  const all = useSyncExternalStore(subscribe, () => activities);
  return Object.values(all).filter((activity) => activity.customerId === customerId);
}

export const isRunning = (activity: UploadActivity) => activity.phase !== 'paused';

/** "big.mp4 paused at 26%: choose it again to continue" (issue 32). */
export const pausedMessage = (activity: UploadActivity) =>
  text('paused', { fileName: activity.fileName, percent: activity.percent });

/** While anything is being sent, closing the tab, reloading or leaving the site asks first. */
export function useAskBeforeLeaving(running: boolean): void {
  useEffect(() => {
    if (!running) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [running]);
}

/** What a reload of the page would show: tests start from localStorage, as a new page does. */
export function reloadUploadActivityForTests(): void {
  commit(readPaused(), { store: false });
}
