import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orderItems } from './orders.ts';

/** A file attached to an entry (spec 3, Order item upload). uploadType: 2 main, 3 supporting. */
export const orderItemUploads = pgTable(
  'order_item_uploads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    originalFileName: text().notNull(),
    storageKey: text().notNull(),
    uploadType: integer().notNull(),
    sizeInBytes: bigint({ mode: 'number' }).notNull(),
    isPrimaryFile: boolean().notNull().default(false),
    videoId: text(),
    isVideo: boolean().notNull().default(false),
    isDeleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('order_item_uploads_item_idx').on(t.orderItemId),
    check('order_item_uploads_type_ck', sql`${t.uploadType} in (2, 3)`),
  ],
);
