import { describe, expect, it } from 'vitest';
import { markingState } from './finalising.rules.ts';

const entry = (changes: Partial<Parameters<typeof markingState>[0]> = {}) => ({
  isPaid: true,
  isCancelled: false,
  isSubmittedForMarking: false,
  deadlinePassed: false,
  ...changes,
});

describe('where an entry stands on its way to the adjudicators (decision 043)', () => {
  it('is not sent while paid and open, sent once finalised, missed after the deadline', () => {
    expect(markingState(entry())).toBe('not-sent');
    expect(markingState(entry({ isSubmittedForMarking: true }))).toBe('sent');
    expect(markingState(entry({ isSubmittedForMarking: true, deadlinePassed: true }))).toBe('sent');
    expect(markingState(entry({ deadlinePassed: true }))).toBe('missed');
  });

  it('is unpaid in a cart, and withdrawn whatever else holds', () => {
    expect(markingState(entry({ isPaid: false }))).toBe('unpaid');
    expect(markingState(entry({ isCancelled: true, isSubmittedForMarking: true }))).toBe(
      'withdrawn',
    );
  });
});
