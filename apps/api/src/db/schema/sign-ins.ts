import type { SignInEventReason } from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * A failed or throttled sign-in step (issue 30, decision 032): a wrong, expired or spent pin, a
 * check without an open pin, or a pin send or check refused by the rate limits. Never the pin;
 * the sign-in address only masked. Kept 90 days (a nightly job deletes older rows).
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The account the step was for, when it exists (an unknown id in the path is not kept). */
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    /** The account's sign-in address, masked: 'th***@example.org', '+27 ** *** 4567'. */
    identifier: text(),
    ip: text().notNull(),
    reason: text().notNull().$type<SignInEventReason>(),
  },
  (t) => [
    index('sign_in_events_created_idx').on(t.createdAt),
    index('sign_in_events_customer_idx').on(t.customerId, t.createdAt),
    index('sign_in_events_ip_idx').on(t.ip, t.createdAt),
    check(
      'sign_in_events_reason_ck',
      sql`${t.reason} in ('wrong_pin', 'expired_pin', 'too_many_tries', 'no_pin', 'send_throttled', 'verify_throttled')`,
    ),
  ],
);
