import type { ProcessingState, UploadType } from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orderItems } from './orders.ts';

/** A file attached to an entry (spec 3, Order item upload). uploadType: 2 main, 3 supporting. */
/** The outages that can hold a file's processing back (decision 038). */
export const HELD_BY = ['storage', 'video-host'] as const;
export type HeldBy = (typeof HELD_BY)[number];

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
    uploadType: integer().notNull().$type<UploadType>(),
    sizeInBytes: bigint({ mode: 'number' }).notNull(),
    isPrimaryFile: boolean().notNull().default(false),
    videoId: text(),
    isVideo: boolean().notNull().default(false),
    isDeleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    // What processing found and made (decision 025): adjudicators get the served copy only.
    processingState: text().notNull().default('pending').$type<ProcessingState>(),
    /** A worker holds the file until then; a worker that died gives it back to the sweep. */
    processingClaimedUntil: timestamp({ withTimezone: true }),
    /** Claims so far; a file that failed every one is given up as 'failed'. */
    processingAttempts: integer().notNull().default(0),
    processedAt: timestamp({ withTimezone: true }),
    processingError: text(),
    /**
     * What outage holds a pending file back (storage, the video host), null when nothing does:
     * such a failure is not the file's and spends no attempt (decision 038).
     */
    processingHeldBy: text().$type<HeldBy>(),
    durationSeconds: doublePrecision(),
    width: integer(),
    height: integer(),
    hasAudio: boolean(),
    /** The rendition, or the file without its metadata, in the files store; null: the original. */
    servedKey: text(),
    servedFileExtension: text(),
    posterKey: text(),
    /** A small JPEG of an image file, for its family's uploads portal only (decision 047). */
    thumbnailKey: text(),
  },
  (t) => [
    index('order_item_uploads_item_idx').on(t.orderItemId),
    check(
      'order_item_uploads_processing_ck',
      sql`${t.processingState} in ('pending', 'ready', 'failed', 'unchecked')`,
    ),
    index('order_item_uploads_pending_idx')
      .on(t.id)
      .where(sql`${t.processingState} = 'pending'`),
    check('order_item_uploads_held_by_ck', sql`${t.processingHeldBy} in ('storage', 'video-host')`),
    check('order_item_uploads_type_ck', sql`${t.uploadType} in (2, 3)`),
    // 'File exists' (spec 3): one live file per original name and entry, whatever the races.
    uniqueIndex('order_item_uploads_name_uq')
      .on(t.orderItemId, sql`lower(${t.originalFileName})`)
      .where(sql`not ${t.isDeleted}`),
    // A video slot is recorded once, however often the client reports it.
    uniqueIndex('order_item_uploads_video_uq')
      .on(t.videoId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/**
 * A video collection (spec 7): one per entry, named after the order item id. With Bunny Stream
 * configured the guid is Bunny's; otherwise our own tus host's.
 */
export const videoCollections = pgTable(
  'video_collections',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('video_collections_item_uq').on(t.orderItemId)],
);

/**
 * A video slot (spec 3): a place one video or audio file is sent to over tus. `storageSize`
 * stays 0 until the file has fully arrived, so an empty slot can be found and reused.
 */
export const videoSlots = pgTable(
  'video_slots',
  {
    id: uuid().primaryKey().defaultRandom(),
    collectionId: uuid()
      .notNull()
      .references(() => videoCollections.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    storageSize: bigint({ mode: 'number' }).notNull().default(0),
    /** The tus upload sending bytes to this slot, once one was created. */
    uploadId: text(),
    originalFileName: text(),
    /** Where the finished file is kept (our own host), relative to the video store. */
    storageKey: text(),
    contentType: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('video_slots_collection_idx').on(t.collectionId),
    uniqueIndex('video_slots_upload_uq').on(t.uploadId),
  ],
);
