import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { SectionSchema } from '../catalogue/catalogue.schema.ts';

/** The organiser's dashboard (issue 17, docs/decisions/023-dashboard.md). */

export const DashboardQuerySchema = z.object({ eventId: IdSchema });

const count = z.number().int().min(0);
/** A calendar date in the event's time zone: 'YYYY-MM-DD'. */
const day = z.iso.date();

/** One section's entries on one day: paid that day, and paid up to the end of it. */
const DashboardSectionDaySchema = z.object({
  section: SectionSchema,
  entries: count,
  cumulative: count,
});

const DashboardDaySchema = z.object({
  date: day,
  /** Every section, in the catalogue's order. */
  sections: z.array(DashboardSectionDaySchema),
  /** Paid orders' totals, in cents. */
  revenueCents: count,
  paidOrders: count,
});

/** Paid entries (not withdrawn), those with a main file, those finalised for marking. */
const DashboardUploadsSchema = z.object({
  paid: count,
  complete: count,
  finalised: count,
});

const DashboardAdjudicatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Finalised entries they may mark (their assignments, less conflicts and others' marks). */
  assigned: count,
  drafts: count,
  submitted: count,
});

export const DashboardSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  timeZone: z.string(),
  /**
   * Every day from the first paid order to the last, gaps included (a day without payments
   * shows zeros and the running totals carried over). Empty before the first payment.
   */
  days: z.array(DashboardDaySchema),
  entries: z.object({
    total: count,
    sections: z.array(z.object({ section: SectionSchema, entries: count })),
  }),
  revenue: z.object({ totalCents: count, paidOrders: count }),
  uploads: z.object({
    sections: z.array(DashboardUploadsSchema.extend({ section: SectionSchema })),
    overall: DashboardUploadsSchema,
  }),
  marking: z.object({
    adjudicators: z.array(DashboardAdjudicatorSchema),
    /** Finalised entries, marks submitted for them, results published. */
    finalised: count,
    submitted: count,
    published: count,
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
