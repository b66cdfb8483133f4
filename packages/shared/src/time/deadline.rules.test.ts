import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateIn,
  endOfDay,
  hasPassedDeadline,
  hasPassedUploadDeadline,
} from './deadline.rules.ts';

const JHB = 'Africa/Johannesburg';

describe('endOfDay', () => {
  it('is 23:59:59.999 local time, 21:59:59.999 UTC in Johannesburg (UTC+2)', () => {
    expect(endOfDay('2025-04-20', JHB).toISOString()).toBe('2025-04-20T21:59:59.999Z');
  });

  it('follows daylight saving time in zones that have it', () => {
    expect(endOfDay('2025-07-01', 'Europe/London').toISOString()).toBe('2025-07-01T22:59:59.999Z');
    expect(endOfDay('2025-01-15', 'Europe/London').toISOString()).toBe('2025-01-15T23:59:59.999Z');
  });

  it('rejects a value that is not a calendar date', () => {
    expect(() => endOfDay('20/04/2025', JHB)).toThrow(/ISO calendar date/);
  });
});

describe('hasPassedDeadline', () => {
  it('is still open at the last millisecond of the due date', () => {
    expect(hasPassedDeadline('2025-04-20', new Date('2025-04-20T21:59:59.999Z'), JHB)).toBe(false);
  });

  it('is closed one millisecond later (midnight in Johannesburg)', () => {
    expect(hasPassedDeadline('2025-04-20', new Date('2025-04-20T22:00:00.000Z'), JHB)).toBe(true);
  });
});

describe('hasPassedUploadDeadline', () => {
  it('keeps uploads open through the whole next day', () => {
    expect(hasPassedUploadDeadline('2025-04-20', new Date('2025-04-21T21:59:59.999Z'), JHB)).toBe(
      false,
    );
    expect(hasPassedUploadDeadline('2025-04-20', new Date('2025-04-21T22:00:00.000Z'), JHB)).toBe(
      true,
    );
  });
});

describe('calendar helpers', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2025-04-30', 1)).toBe('2025-05-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('reads the local calendar date, which can differ from the UTC one', () => {
    expect(calendarDateIn(new Date('2025-04-20T23:30:00Z'), JHB)).toBe('2025-04-21');
    expect(calendarDateIn(new Date('2025-04-20T21:30:00Z'), JHB)).toBe('2025-04-20');
  });
});
