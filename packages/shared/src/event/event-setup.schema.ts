import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { EventDatesSchema, EventFeesSchema } from './event.schema.ts';
import { dateProblems, isTimeZone } from './event-setup.rules.ts';

/**
 * Where schools pay by EFT (issue 35, decision 066): printed on statements. Each may be empty
 * while the organiser fills them in; a statement for EFT needs them all (hasBanking).
 */
export const BankingSchema = z.object({
  bankName: text().trim().max(80),
  accountName: text().trim().max(120),
  accountNumber: text()
    .trim()
    .regex(/^[0-9 ]{0,20}$/, 'Use digits only for the account number.'),
  branchCode: text()
    .trim()
    .regex(/^[0-9 ]{0,10}$/, 'Use digits only for the branch code.'),
});
export type Banking = z.infer<typeof BankingSchema>;

/** Every banking detail is filled in: a statement can say where to pay. */
export const hasBanking = (b: Banking | undefined): b is Banking =>
  !!b && Object.values(b).every((v) => v.trim() !== '');

/** What an organiser sets for an event (issue 16): spec 9's dates and fees, and its names. */
/** The settings' fields; what an organiser sends is checked further (EventSettingsSchema). */
const EventSettingsFieldsSchema = z.object({
  name: text().trim().min(1, 'Please enter the event’s name.').max(120),
  year: z.number().int().min(2000).max(2100),
  /** The home page's line above the title ("Hosted by …"). */
  hostLine: text().trim().max(200),
  timeZone: text().refine(isTimeZone, 'Please enter a time zone such as Africa/Johannesburg.'),
  /** Where the year's certificates are filed (spec: 2024Certificates). */
  certificatesFolder: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,60}$/, 'Use letters, digits, - and _ only (up to 60).'),
  dates: EventDatesSchema,
  fees: EventFeesSchema,
  /**
   * Days entries' uploaded files are kept after their results are published (decision 024);
   * left out, it stays as it is.
   */
  fileRetentionDays: z
    .number()
    .int()
    .min(30, 'Keep the files for at least 30 days.')
    .max(3650, 'Keep the files for at most 3650 days (ten years).')
    .optional(),
  /** Where schools pay by EFT; left out, it stays as it is. */
  banking: BankingSchema.optional(),
});

/** What an organiser sends: the fields, and dates that hold together. */
export const EventSettingsSchema = EventSettingsFieldsSchema.superRefine((settings, ctx) => {
  for (const problem of dateProblems(settings.dates))
    ctx.addIssue({ code: 'custom', path: ['dates', problem.field], message: problem.message });
});
export type EventSettings = z.infer<typeof EventSettingsSchema>;

/**
 * A family-facing text of a copied event that still names the year it was copied from
 * (decision 059), for the organiser to change before making it live: where it is (`place`,
 * the screen that edits it), which text (`field`) and the words around the year (`excerpt`).
 */
const OldYearTextSchema = z.object({
  place: z.enum(['settings', 'content', 'catalogue', 'rubrics']),
  field: z.string(),
  excerpt: z.string(),
});
export type OldYearText = z.infer<typeof OldYearTextSchema>;

/** An event as organisers list and edit it. */
export const StaffEventSchema = z.object({
  id: z.number().int(),
  /** The event families see, unless EVENT_ID overrides it. */
  isLive: z.boolean(),
  /** The event this server serves now (the live one, or EVENT_ID's). */
  isServed: z.boolean(),
  // As stored: an answer never fails on dates an earlier release let through.
  settings: EventSettingsFieldsSchema,
  categories: z.number().int(),
  items: z.number().int(),
  /** Orders placed for it (paid or not): an event with orders is never deleted. */
  orders: z.number().int(),
  /**
   * Finalised entries without published results. Adjudicators mark the event families see, so
   * making another event live sets these aside (the screen warns first).
   */
  unpublishedEntries: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The year of the event this one was copied from; null for one not made by a copy. */
  copiedFromYear: z.number().int().nullable(),
  /** Family-facing texts that still name `copiedFromYear` (decision 059); empty otherwise. */
  oldYearTexts: z.array(OldYearTextSchema),
});
export type StaffEvent = z.infer<typeof StaffEventSchema>;

export const StaffEventsSchema = z.object({
  events: z.array(StaffEventSchema),
  /** Set when the server's EVENT_ID configuration fixes the event it serves. */
  servedByConfiguration: z.number().int().nullable(),
});
export type StaffEvents = z.infer<typeof StaffEventsSchema>;

export const StaffEventParamsSchema = z.object({ id: IdSchema });

/** Next year's event from an earlier one: its catalogue, rubrics, content and settings. */
export const CopyEventSchema = z.object({
  name: text().trim().min(1, 'Please enter the new event’s name.').max(120),
  year: z.number().int().min(2000).max(2100),
  /** Every date moves by this many days (364 keeps each weekday a year on). */
  shiftDays: z.number().int().min(-3660).max(3660),
});
export type CopyEvent = z.infer<typeof CopyEventSchema>;

/**
 * POST …/MakeLive: a copy whose texts still name the year it came from goes live only when the
 * organiser says so (decision 059); otherwise 409 OLD_YEAR_TEXTS. No body is the same as false.
 */
export const MakeEventLiveSchema = z
  .object({ oldYearTextsAccepted: z.boolean().default(false) })
  .nullish()
  .transform((body) => ({ oldYearTextsAccepted: body?.oldYearTextsAccepted ?? false }));

export const ShiftEventDatesSchema = z.object({
  days: z
    .number()
    .int()
    .min(-3660)
    .max(3660)
    .refine((d) => d !== 0, 'Please enter a number of days other than 0.'),
});
