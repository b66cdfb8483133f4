import type { OrderStatus } from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, participantProfiles } from './customers.ts';
import { events, items, schools } from './catalogue.ts';

/**
 * A cart until checkout, then an order (spec 3, Order). Status: cart → awaiting_payment → paid,
 * or cancelled. Totals are frozen at checkout, in cents.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    eventId: integer()
      .notNull()
      .references(() => events.id),
    status: text().notNull().default('cart').$type<OrderStatus>(),
    sendWhatsAppConfirmation: boolean().notNull().default(false),
    /** Where the payment confirmation goes, as given at checkout. */
    confirmationEmail: text(),
    isImported: boolean().notNull().default(false),
    /**
     * The payment provider the order was checked out with (decision 055): its pages take only
     * this provider's payment. Null before migration 0030 and for a cart: then the default.
     */
    paymentProvider: text(),
    subtotalCents: integer(),
    surchargeCents: integer(),
    totalCents: integer(),
    checkedOutAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId),
    // One open order (a cart, or a cart being paid) per customer and event, whatever the
    // client retries.
    uniqueIndex('orders_one_open_uq')
      .on(t.customerId, t.eventId)
      .where(sql`${t.status} in ('cart', 'awaiting_payment')`),
    check(
      'orders_status_ck',
      sql`${t.status} in ('cart', 'awaiting_payment', 'paid', 'cancelled')`,
    ),
  ],
);

/** One item entered for one contestant (spec 3, Order item). */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => items.id),
    participantProfileId: integer()
      .notNull()
      .references(() => participantProfiles.id),
    groupName: text(),
    instruments: text().notNull().default(''),
    priceCents: integer(),
    externalCollectionId: text(),
    isCancelled: boolean().notNull().default(false),
    isSubmittedForMarking: boolean().notNull().default(false),
    submittedForMarkingAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_profile_idx').on(t.participantProfileId),
    // The duplicate rule of spec 5: same contestant, item and instrument ('' when none).
    uniqueIndex('order_items_no_duplicate_uq').on(
      t.orderId,
      t.participantProfileId,
      t.itemId,
      t.instruments,
    ),
  ],
);

/** The other members of a group entry (spec 3, Group participant). */
export const groupParticipants = pgTable(
  'group_participants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    firstName: text().notNull(),
    surname: text().notNull(),
    school: text().notNull(),
    /** The school of the list the typed name is (migration 0039, decision 061); null if none. */
    schoolId: integer().references(() => schools.id, { onDelete: 'set null' }),
    gender: text().notNull(),
    grade: text().notNull(),
  },
  (t) => [
    uniqueIndex('group_participants_position_uq').on(t.orderItemId, t.position),
    index('group_participants_school_idx').on(t.schoolId),
  ],
);

/** A provider's notification of a payment; the provider's id is unique so replays do nothing. */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    amountCents: integer().notNull(),
    /** 'credited', or why a verified notification did not credit the order. */
    status: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId)],
);

/**
 * Every notification a payment provider posts, kept before it is answered, so that a crash, a
 * slow provider check or a database hiccup never loses a payment: unprocessed rows are retried.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    body: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    processedAt: timestamp({ withTimezone: true }),
    outcome: text(),
  },
  (t) => [index('payment_notifications_unprocessed_idx').on(t.processedAt, t.id)],
);

/**
 * A family an organiser let in before its event's registration opens (issue 32, decision 041),
 * from the family desk: the server refuses entries before the opening day, but for these.
 */
export const earlyEntries = pgTable(
  'early_entries',
  {
    eventId: integer()
      .notNull()
      .references(() => events.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** The organiser who let the family in. */
    grantedBy: integer()
      .notNull()
      .references(() => customers.id),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'early_entries_pk', columns: [t.eventId, t.customerId] })],
);
