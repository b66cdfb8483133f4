import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers, participantProfiles } from './customers.ts';

/**
 * A file a customer uploaded outside the tus video path: profile pictures for now. Stored under
 * a server-generated key; `renditionKey` is a browser-viewable copy when the original is not.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    participantProfileId: integer().references(() => participantProfiles.id, {
      onDelete: 'set null',
    }),
    originalName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    renditionKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_customer_idx').on(t.customerId, t.purpose),
    index('stored_files_profile_idx').on(t.participantProfileId),
  ],
);
