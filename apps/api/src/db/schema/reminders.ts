import type {
  ReminderAudience,
  ReminderChannel,
  ReminderKind,
  ReminderStatus,
} from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './catalogue.ts';
import { customers } from './customers.ts';
import { outboxMessages } from './messaging.ts';

/** A reminder an organiser scheduled for an event (issue 17, decision 022), or the sweep (044). */
export const reminderCampaigns = pgTable(
  'reminder_campaigns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id),
    kind: text().notNull().$type<ReminderKind>(),
    channels: text().array().notNull().$type<ReminderChannel[]>(),
    status: text().notNull().default('scheduled').$type<ReminderStatus>(),
    sendAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While a job sends it ('sending'): another takes it over only once this has passed. */
    claimedUntil: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Families it reached. */
    families: integer().notNull().default(0),
    /** Planned by the sweep before a deadline, not by an organiser (decision 044). */
    automatic: boolean().notNull().default(false),
    /** Only the entries of items due on this day; null: every entry of its kind. */
    dueDate: date({ mode: 'string' }),
    /** Whom it is for (migration 0040, decision 067): everyone, families' or teachers' entries. */
    audience: text().notNull().default('all').$type<ReminderAudience>(),
  },
  (t) => [
    index('reminder_campaigns_due_idx').on(t.status, t.sendAt),
    uniqueIndex('reminder_campaigns_automatic_uq')
      .on(t.eventId, t.kind, t.dueDate)
      .where(sql`${t.automatic}`),
    check(
      'reminder_campaigns_kind_ck',
      sql`${t.kind} in ('unpaid_cart', 'no_main_file', 'not_finalised', 'results_published')`,
    ),
    check(
      'reminder_campaigns_status_ck',
      sql`${t.status} in ('scheduled', 'sending', 'sent', 'cancelled')`,
    ),
    check('reminder_campaigns_audience_ck', sql`${t.audience} in ('all', 'families', 'teachers')`),
    check(
      'reminder_campaigns_channels_ck',
      sql`cardinality(${t.channels}) between 1 and 2 and ${t.channels} <@ array['email', 'whatsapp']::text[]`,
    ),
  ],
);

/**
 * One reminder to one family: never twice for the same event, kind and subject (the entries it
 * names, or the kind itself), whichever campaign, job or instance sends it.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => reminderCampaigns.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => events.id),
    kind: text().notNull().$type<ReminderKind>(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subjectKey: text().notNull(),
    emailMessageId: integer().references(() => outboxMessages.id, { onDelete: 'set null' }),
    whatsappMessageId: integer().references(() => outboxMessages.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_deliveries_once_uq').on(t.eventId, t.kind, t.customerId, t.subjectKey),
    index('reminder_deliveries_campaign_idx').on(t.campaignId),
  ],
);
