// Issue 32 (decision 043): a paid entry that is never finalised is never marked, and the spec's
// green 'Entry Complete' let a parent stop one step short. Wherever an entry appears (the
// uploads portal, the contestant cards, the results, the reminders) it says, in FINALISING_TEXT's
// words, whether it has gone to the adjudicators. The spec's badges stay as they are, beside it.

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
