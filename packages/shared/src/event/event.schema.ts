import { z } from 'zod';

const isoDate = z.iso.date();

/** Key dates of an event (spec 9, "Dates"); each is a calendar day in the event's time zone. */
export const EventDatesSchema = z.object({
  registrationOpens: isoDate,
  registrationCloses: isoDate,
  uploadsOpen: isoDate,
  submissionStarts: isoDate,
  submissionEnds: isoDate,
  visualArtsDue: isoDate,
  galaAwards: isoDate,
  /** From this day on the late-entry surcharge applies; none when absent. */
  lateEntryFrom: isoDate.nullable(),
});
export type EventDates = z.infer<typeof EventDatesSchema>;

/** Fees of spec 9, all in cents. */
/** A fee: whole cents, up to R 100 000 (the database holds 32-bit integers). */
const cents = () => z.number().int().nonnegative().max(10_000_000);

export const EventFeesSchema = z.object({
  individualCents: cents(),
  groupSmallCents: cents(),
  groupLargeCents: cents(),
  groupLargeFromParticipants: z.number().int().positive().max(1000),
  changeFeeCents: cents(),
  amendmentFeeCents: cents(),
  lateSurchargePercent: z.number().int().min(0).max(100),
});
export type EventFees = z.infer<typeof EventFeesSchema>;

export const EventSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  timeZone: z.string(),
  dates: EventDatesSchema,
  fees: EventFeesSchema,
});
export type EventSummary = z.infer<typeof EventSummarySchema>;
