import { describe, expect, it } from 'vitest';
import { seasonPhase, type SeasonDates } from './season-phase.rules.ts';

const event: SeasonDates = {
  timeZone: 'Africa/Johannesburg',
  registrationOpens: '2026-03-01',
  registrationCloses: '2026-05-31',
  submissionEnds: '2026-06-15',
  visualArtsDue: '2026-06-10',
  resultsReleasedAt: null,
};
// 22:30 UTC is 00:30 the next day in Johannesburg (UTC+2).
const at = (iso: string) => new Date(iso);

describe('seasonPhase', () => {
  it('is setting up with no live event, and before entries open in the event time zone', () => {
    expect(seasonPhase(undefined, at('2026-04-01T10:00:00Z'))).toBe('setting-up');
    expect(seasonPhase(event, at('2026-02-28T21:59:00Z'))).toBe('setting-up');
    expect(seasonPhase(event, at('2026-02-28T22:00:00Z'))).toBe('entries-open');
  });

  it('runs uploads from the day after registration closes to the last upload deadline', () => {
    expect(seasonPhase(event, at('2026-05-31T21:59:00Z'))).toBe('entries-open');
    expect(seasonPhase(event, at('2026-05-31T22:00:00Z'))).toBe('uploads');
    // The later due date (submissionEnds) and its day of grace: the end of 16 June there.
    expect(seasonPhase(event, at('2026-06-16T21:59:00Z'))).toBe('uploads');
    expect(seasonPhase(event, at('2026-06-16T22:00:00Z'))).toBe('judging');
  });

  it('is results once released, whatever the dates', () => {
    const released = { ...event, resultsReleasedAt: '2026-04-01T10:00:00Z' };
    expect(seasonPhase(released, at('2026-04-01T10:00:01Z'))).toBe('results');
  });
});
