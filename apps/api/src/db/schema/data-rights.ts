import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * A family's request for erasure (decision 024), kept once done as the record that it was done:
 * the account's number, when and by whom, and how many records and files went. Never the
 * personal data it removed.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    status: text().notNull().default('pending').$type<'pending' | 'done'>(),
    requestedBy: text().notNull().default('family').$type<'family' | 'organiser'>(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    completedBy: integer().references(() => customers.id),
    counts: jsonb().$type<Record<string, number>>(),
  },
  (t) => [
    uniqueIndex('erasure_requests_one_pending_uq')
      .on(t.customerId)
      .where(sql`${t.status} = 'pending'`),
    check('erasure_requests_status_ck', sql`${t.status} in ('pending', 'done')`),
    check('erasure_requests_requested_by_ck', sql`${t.requestedBy} in ('family', 'organiser')`),
  ],
);

/**
 * A stored file to delete once the transaction that let it go has committed (an erasure, the
 * retention sweep), or after a grace period (a replaced picture, a regenerated certificate). A row leaves when its delete succeeded; the job tries the rest again.
 * `store`: the files storage, the video files storage, or the video host (a video's id).
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    store: text().notNull().$type<'files' | 'videos' | 'video-host'>(),
    key: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Not deleted before then (a file let go while the site runs: a backup whose dump still
     * names it must find it); null: at once (an erasure, the retention sweep). Decision 036.
     */
    notBefore: timestamp({ withTimezone: true }),
  },
  (t) => [check('file_deletions_store_ck', sql`${t.store} in ('files', 'videos', 'video-host')`)],
);
