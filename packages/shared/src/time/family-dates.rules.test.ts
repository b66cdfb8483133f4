import { describe, expect, it } from 'vitest';
import type { Said } from '../i18n/said.ts';
import { describeDate, entryDates, familyDates } from './family-dates.rules.ts';
import en from './messages/en.json' with { type: 'json' };

// The catalogue's English with its date put in, as the server's and the web's translators say it.
const words = ({ id, values }: Said) =>
  en[id.replace('family-dates.', '') as keyof typeof en].replace('{date}', String(values?.date));
import { hasPassedDeadline, hasPassedUploadDeadline } from './deadline.rules.ts';

const event = {
  timeZone: 'Africa/Johannesburg',
  dates: { galaAwards: '2025-06-18', lateEntryFrom: '2025-04-21' },
};

describe('familyDates', () => {
  it('gives an entry one deadline, its due date, to enter and to upload by', () => {
    const dates = familyDates(event, { dueDate: '2025-04-24' });
    expect(words(describeDate(dates.enterBy))).toBe('Enter by 24 April 2025');
    expect(words(describeDate(dates.uploadBy))).toBe('Upload by 24 April 2025');
    expect(words(describeDate(dates.resultsOn))).toBe('Results on 18 June 2025');
    expect(entryDates({ dueDate: '2025-04-24' })).toEqual({
      enterBy: dates.enterBy,
      uploadBy: dates.uploadBy,
    });
  });

  it('names the late-entry surcharge only when it starts by the due date', () => {
    expect(familyDates(event, { dueDate: '2025-04-24' }).surchargeFrom?.text).toBe('21 April 2025');
    expect(familyDates(event, { dueDate: '2025-04-20' }).surchargeFrom).toBeNull();
    const noSurcharge = { ...event, dates: { ...event.dates, lateEntryFrom: null } };
    expect(familyDates(noSurcharge, { dueDate: '2025-04-24' }).surchargeFrom).toBeNull();
  });

  it('ends at midnight in Johannesburg, two hours before the end of the UTC day', () => {
    const { endsAt } = familyDates(event, { dueDate: '2025-04-21' });
    expect(endsAt.toISOString()).toBe('2025-04-21T21:59:59.999Z');
    // 23:30 UTC on the due date is already the next day in Johannesburg: the cart is closed,
    // though the date read in UTC would still be the due date.
    const lateUtc = new Date('2025-04-21T23:30:00Z');
    expect(lateUtc.getTime() > endsAt.getTime()).toBe(true);
    expect(hasPassedDeadline('2025-04-21', lateUtc, event.timeZone)).toBe(true);
  });

  it('is never later than the uploads portal really closes', () => {
    const { uploadBy, endsAt } = familyDates(event, { dueDate: '2025-04-21' });
    expect(hasPassedUploadDeadline(uploadBy.date, endsAt, event.timeZone)).toBe(false);
  });
});
