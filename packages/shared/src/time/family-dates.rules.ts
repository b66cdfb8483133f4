import type { EventDates } from '../event/event.schema.ts';
import { sharedCatalogue, type Said } from '../i18n/said.ts';
import { endOfDay } from './deadline.rules.ts';
import { formatLongDate } from './format.ts';
import en from './messages/en.json' with { type: 'json' };

// Issue 32 (decision 046): a family was told four dates for one deadline (the registration
// deadline, 'Entries close' on the item, 'Due:' in the uploads portal and the reminder's day
// after). Every date a family sees about an entry now comes from here, and says what it is for.

/**
 * A date with what it is for, in the words every screen and message uses ('Enter by {date}'),
 * said through a translator on each side (decision 057).
 */
export const FAMILY_DATE_TEXT = sharedCatalogue(
  'family-dates',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);

export interface FamilyDate {
  /** What the date is for: its message in FAMILY_DATE_TEXT. */
  kind: keyof typeof en;
  /** The calendar day in the event's time zone (ISO, 'YYYY-MM-DD'). */
  date: string;
  /** The day as every screen writes it: '21 April 2025'. */
  text: string;
}

const dated = (kind: keyof typeof en, date: string): FamilyDate => ({
  kind,
  date,
  text: formatLongDate(date),
});

/**
 * An entry's one deadline, its item's due date: the family enters by it and uploads and
 * finalises by it. The uploads portal still takes files until the end of the next day (spec 4),
 * a day of grace no screen announces, so the date a family is told is never later than the
 * truth and is the same date everywhere.
 */
export function entryDates(item: { dueDate: string }): {
  enterBy: FamilyDate;
  uploadBy: FamilyDate;
} {
  return { enterBy: dated('enterBy', item.dueDate), uploadBy: dated('uploadBy', item.dueDate) };
}

/** When the results come out: the gala awards day (spec 9), the same for every entry. */
export function resultsOn(event: { dates: Pick<EventDates, 'galaAwards'> }): FamilyDate {
  return dated('resultsOn', event.dates.galaAwards);
}

export interface FamilyDates extends ReturnType<typeof entryDates> {
  resultsOn: FamilyDate;
  /** When entering by the due date already costs the late-entry surcharge (spec 9). */
  surchargeFrom: FamilyDate | null;
  /** The instant the deadline ends: 23:59:59.999 on the due date in the event's time zone. */
  endsAt: Date;
}

/** The family's dates for an item of an event. */
export function familyDates(
  event: { timeZone: string; dates: Pick<EventDates, 'galaAwards' | 'lateEntryFrom'> },
  item: { dueDate: string },
): FamilyDates {
  const late = event.dates.lateEntryFrom;
  return {
    ...entryDates(item),
    resultsOn: resultsOn(event),
    surchargeFrom: late !== null && late <= item.dueDate ? dated('surchargeFrom', late) : null,
    endsAt: endOfDay(item.dueDate, event.timeZone),
  };
}

/** 'Enter by 21 April 2025', by its id. */
export const describeDate = (d: FamilyDate): Said => FAMILY_DATE_TEXT.say(d.kind, { date: d.text });
