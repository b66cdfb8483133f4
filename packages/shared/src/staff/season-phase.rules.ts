import {
  haveEntriesOpened,
  hasPassedDeadline,
  hasPassedUploadDeadline,
} from '../time/deadline.rules.ts';

/**
 * Where a season stands, from the live event's dates (issue 34): what the organiser's task list
 * puts first. Entries open on registrationOpens and close at the end of registrationCloses; the
 * uploads run to the last upload deadline (the later of submissionEnds and visualArtsDue, a day's
 * grace as every entry's has: decision 046); judging runs until the results are released.
 */
export const SEASON_PHASES = [
  'setting-up',
  'entries-open',
  'uploads',
  'judging',
  'results',
] as const;
export type SeasonPhase = (typeof SEASON_PHASES)[number];

export const SEASON_PHASE_LABELS: Record<SeasonPhase, string> = {
  'setting-up': 'Setting up',
  'entries-open': 'Entries open',
  uploads: 'Uploads and finalising',
  judging: 'Judging',
  results: 'Results released',
};

export interface SeasonDates {
  timeZone: string;
  registrationOpens: string;
  registrationCloses: string;
  submissionEnds: string;
  visualArtsDue: string;
  resultsReleasedAt: Date | string | null;
}

export function seasonPhase(event: SeasonDates | undefined, now: Date): SeasonPhase {
  if (!event) return 'setting-up';
  if (event.resultsReleasedAt !== null) return 'results';
  const z = event.timeZone;
  if (!haveEntriesOpened(event.registrationOpens, now, z)) return 'setting-up';
  if (!hasPassedDeadline(event.registrationCloses, now, z)) return 'entries-open';
  const lastDue =
    event.submissionEnds > event.visualArtsDue ? event.submissionEnds : event.visualArtsDue;
  if (!hasPassedUploadDeadline(lastDue, now, z)) return 'uploads';
  return 'judging';
}
