import type { EventDates } from './event.schema.ts';

/** The settings of spec 9's dates in the order an organiser reads them. */
export const EVENT_DATE_LABELS: Record<keyof EventDates, string> = {
  registrationOpens: 'Registration opens',
  registrationCloses: 'Registration closes',
  uploadsOpen: 'Uploads open',
  submissionStarts: 'Submission period starts',
  submissionEnds: 'Submission period ends',
  visualArtsDue: 'Visual arts due',
  galaAwards: 'Gala release of results',
  lateEntryFrom: 'Late surcharge applies from',
};

export interface DateProblem {
  field: keyof EventDates;
  message: string;
}

/**
 * What is wrong with an event's dates, each against the field an organiser should change.
 * The order is the competition's: registration opens before it closes and before uploads
 * open; submissions start before they end; visual arts are due, and the late surcharge
 * begins, inside registration-to-submission; results come out after submissions end.
 */
export function dateProblems(d: EventDates): DateProblem[] {
  const problems: DateProblem[] = [];
  const before = (
    field: keyof EventDates,
    value: string,
    limit: string,
    limitField: keyof EventDates,
    orEqual = true,
  ) => {
    if (orEqual ? value > limit : value >= limit)
      problems.push({
        field,
        message: `${EVENT_DATE_LABELS[field]} must be on or before ${EVENT_DATE_LABELS[limitField].toLowerCase()}.`,
      });
  };
  const after = (
    field: keyof EventDates,
    value: string,
    limit: string,
    limitField: keyof EventDates,
  ) => {
    if (value < limit)
      problems.push({
        field,
        message: `${EVENT_DATE_LABELS[field]} must be on or after ${EVENT_DATE_LABELS[limitField].toLowerCase()}.`,
      });
  };
  for (const field of Object.keys(EVENT_DATE_LABELS) as (keyof EventDates)[]) {
    const year = Number(d[field]?.slice(0, 4));
    if (d[field] !== null && !(year >= 2000 && year <= 2100))
      problems.push({
        field,
        message: `${EVENT_DATE_LABELS[field]} must be in a year from 2000 to 2100.`,
      });
  }
  before('registrationOpens', d.registrationOpens, d.registrationCloses, 'registrationCloses');
  after('uploadsOpen', d.uploadsOpen, d.registrationOpens, 'registrationOpens');
  before('uploadsOpen', d.uploadsOpen, d.submissionEnds, 'submissionEnds');
  before('submissionStarts', d.submissionStarts, d.submissionEnds, 'submissionEnds');
  after('submissionStarts', d.submissionStarts, d.registrationOpens, 'registrationOpens');
  after('visualArtsDue', d.visualArtsDue, d.registrationOpens, 'registrationOpens');
  before('visualArtsDue', d.visualArtsDue, d.submissionEnds, 'submissionEnds');
  after('galaAwards', d.galaAwards, d.submissionEnds, 'submissionEnds');
  if (d.lateEntryFrom !== null) {
    after('lateEntryFrom', d.lateEntryFrom, d.registrationOpens, 'registrationOpens');
    before('lateEntryFrom', d.lateEntryFrom, d.submissionEnds, 'submissionEnds');
  }
  return problems;
}

/** A calendar day `days` later (earlier when negative); days are counted, not hours. */
function shiftDate(isoDate: string, days: number): string {
  const at = new Date(`${isoDate}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Every date of an event moved by the same number of days (next year's event from this one). */
export function shiftDates(dates: EventDates, days: number): EventDates {
  return {
    registrationOpens: shiftDate(dates.registrationOpens, days),
    registrationCloses: shiftDate(dates.registrationCloses, days),
    uploadsOpen: shiftDate(dates.uploadsOpen, days),
    submissionStarts: shiftDate(dates.submissionStarts, days),
    submissionEnds: shiftDate(dates.submissionEnds, days),
    visualArtsDue: shiftDate(dates.visualArtsDue, days),
    galaAwards: shiftDate(dates.galaAwards, days),
    lateEntryFrom: dates.lateEntryFrom === null ? null : shiftDate(dates.lateEntryFrom, days),
  };
}

/**
 * The days from one date to the same weekday a year (or `years`) later: 364 or 371, so that
 * a Monday deadline stays a Monday. What "shift to next year" proposes.
 */
export function daysToSameWeekday(isoDate: string, years = 1): number {
  const from = new Date(`${isoDate}T00:00:00Z`);
  const target = new Date(from);
  target.setUTCFullYear(from.getUTCFullYear() + years);
  const plain = Math.round((target.getTime() - from.getTime()) / 86_400_000);
  const weekdayGap = (target.getUTCDay() - from.getUTCDay() + 7) % 7;
  // Back to the same weekday, by at most three days either way.
  return weekdayGap <= 3 ? plain - weekdayGap : plain + (7 - weekdayGap);
}

/** Whether the runtime knows the IANA time zone (Africa/Johannesburg, Europe/London). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The certificates folder an event gets unless the organiser names another (spec: 2024Certificates). */
export const defaultCertificatesFolder = (year: number) => `${year}Certificates`;
