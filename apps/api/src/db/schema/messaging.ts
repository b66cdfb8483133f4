import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** Every email and WhatsApp message, written first and delivered after (the outbox pattern). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull().$type<'email' | 'whatsapp'>(),
    recipient: text().notNull(),
    subject: text().notNull().default(''),
    body: text().notNull(),
    /** What a transport needs beyond the text, e.g. the code for a WhatsApp template. */
    payload: jsonb().notNull().default({}),
    /** The body carries a one-time pin: blanked once delivered or expired (decision 031). */
    holdsPin: boolean().notNull().default(false),
    /** When the retention sweep blanked the body (pins, or bodies past their time; decision 031). */
    bodyClearedAt: timestamp({ withTimezone: true }),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /**
     * While a delivery holds the message: it is being sent until then. A lease, not a held
     * transaction, so no database connection waits on a mail server; one left by a process that
     * died mid-send runs out and the message is tried again.
     */
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    check('outbox_channel_ck', sql`${t.channel} in ('email', 'whatsapp')`),
    index('outbox_pending_idx').on(t.status, t.id),
    index('outbox_uncleared_idx')
      .on(t.createdAt)
      .where(sql`${t.bodyClearedAt} is null`),
  ],
);

/** Who did what, for support questions and disputes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorCustomerId: integer().references(() => customers.id),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    details: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

/** A question from the contact page (issue 7), acknowledged to the sender, sent to organisers. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text().notNull(),
    mobileNumber: text(),
    subject: text().notNull(),
    message: text().notNull(),
    status: text().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_tickets_email_idx').on(t.email)],
);
