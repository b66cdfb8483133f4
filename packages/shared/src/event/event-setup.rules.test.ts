import { describe, expect, it } from 'vitest';
import type { EventDates } from './event.schema.ts';
import { dateProblems, daysToSameWeekday, isTimeZone, shiftDates } from './event-setup.rules.ts';

const demo: EventDates = {
  registrationOpens: '2025-03-24',
  registrationCloses: '2025-04-20',
  uploadsOpen: '2025-04-14',
  submissionStarts: '2025-04-21',
  submissionEnds: '2025-04-25',
  visualArtsDue: '2025-04-21',
  galaAwards: '2025-06-18',
  lateEntryFrom: '2025-04-21',
};

describe("an event's dates", () => {
  it('hold together as the demo event has them', () => {
    expect(dateProblems(demo)).toEqual([]);
  });

  it('name the field to change when they do not', () => {
    expect(dateProblems({ ...demo, registrationCloses: '2025-03-01' })).toEqual([
      {
        field: 'registrationOpens',
        message: 'Registration opens must be on or before registration closes.',
      },
    ]);
    expect(dateProblems({ ...demo, galaAwards: '2025-04-24' }).map((p) => p.field)).toEqual([
      'galaAwards',
    ]);
    expect(dateProblems({ ...demo, lateEntryFrom: '2025-05-01' }).map((p) => p.field)).toEqual([
      'lateEntryFrom',
    ]);
    expect(dateProblems({ ...demo, lateEntryFrom: null })).toEqual([]);
  });

  it('move together, across a month and a leap day', () => {
    const moved = shiftDates(demo, 364);
    expect(moved.registrationOpens).toBe('2026-03-23');
    expect(moved.lateEntryFrom).toBe('2026-04-20');
    expect(dateProblems(moved)).toEqual([]);
    expect(shiftDates({ ...demo, galaAwards: '2028-02-28' }, 1).galaAwards).toBe('2028-02-29');
    expect(shiftDates({ ...demo, lateEntryFrom: null }, 7).lateEntryFrom).toBeNull();
  });

  it('keep their weekday a year on: 364 days, or 371 when that is nearer', () => {
    expect(daysToSameWeekday('2025-03-24')).toBe(364);
    expect(daysToSameWeekday('2027-03-24')).toBe(364);
    for (const date of ['2025-03-24', '2027-12-30', '2028-02-29']) {
      const days = daysToSameWeekday(date);
      expect(days % 7).toBe(0);
      expect(Math.abs(days - 365)).toBeLessThanOrEqual(4);
    }
  });
});

describe('time zones', () => {
  it('are IANA names the runtime knows', () => {
    expect(isTimeZone('Africa/Johannesburg')).toBe(true);
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
