// Issue 32 (decision 043): a paid entry that is never finalised is never marked, and the spec's
// green 'Entry Complete' let a parent stop one step short. Wherever an entry appears (the
// uploads portal, the contestant cards, the results, the reminders) it says, in these words,
// whether it has gone to the adjudicators. The spec's badges stay as they are, beside it.

/**
 * Where an entry stands on its way to the adjudicators:
 * - `unpaid`: in a cart or awaiting payment;
 * - `not-sent`: paid, open, not finalised yet (the state a parent must not miss);
 * - `sent`: finalised (submitted for marking);
 * - `missed`: paid, never finalised, and its upload deadline has passed;
 * - `withdrawn`.
 */
export const MARKING_STATES = ['unpaid', 'not-sent', 'sent', 'missed', 'withdrawn'] as const;
export type MarkingState = (typeof MARKING_STATES)[number];

export function markingState(entry: {
  isPaid: boolean;
  isCancelled: boolean;
  isSubmittedForMarking: boolean;
  /** The entry's upload deadline has passed (hasPassedUploadDeadline). */
  deadlinePassed: boolean;
}): MarkingState {
  if (entry.isCancelled) return 'withdrawn';
  if (entry.isSubmittedForMarking) return 'sent';
  if (!entry.isPaid) return 'unpaid';
  return entry.deadlinePassed ? 'missed' : 'not-sent';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const FINALISING_MESSAGES = {
  state: {
    unpaid: 'Not paid yet',
    'not-sent': 'Not yet sent to the adjudicators',
    sent: 'Sent to the adjudicators',
    missed: 'Not sent to the adjudicators: the deadline has passed',
    withdrawn: 'Withdrawn',
  } satisfies Record<MarkingState, string>,
  /** Beside 'Total Items: N (X of N complete)': how many of those went for marking. */
  finalisedTotals: (finalised: number, counted: number) =>
    `${finalised} of ${counted} finalised (sent to the adjudicators)`,
  /** The portal's warning while some entries are open and not finalised. */
  notSentWarning: (count: number) =>
    `${plural(count, 'entry is', 'entries are')} not yet sent to the adjudicators. An entry is marked only once you finalise it: upload its main file, then press 'Finalise Entry' before its due date.`,
  /** Added to 'View Result' for an entry that was never finalised. */
  resultNotSent:
    'This entry was not finalised, so it was not sent to the adjudicators for marking.',
  /** Added to 'View Result' for an open entry not finalised yet. */
  resultNotSentYet:
    'This entry has not been sent to the adjudicators yet: finalise it before its due date, and it will be marked.',
  /** Added to 'View Result' for a finalised entry whose marks are not out. */
  resultNotOut:
    'This entry has been sent to the adjudicators. Its result will show here once the results are released.',
} as const;
