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
export const EventFeesSchema = z.object({
  individualCents: z.number().int().nonnegative(),
  groupSmallCents: z.number().int().nonnegative(),
  groupLargeCents: z.number().int().nonnegative(),
  groupLargeFromParticipants: z.number().int().positive(),
  changeFeeCents: z.number().int().nonnegative(),
  amendmentFeeCents: z.number().int().nonnegative(),
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
