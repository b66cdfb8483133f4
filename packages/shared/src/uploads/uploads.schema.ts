import { z } from 'zod';
import { IdSchema, UuidSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { SectionSchema } from '../catalogue/catalogue.schema.ts';
import { GroupParticipantSchema } from '../contestants/contestants.schema.ts';
import { FileProcessingSchema } from './media-processing.ts';

const UploadTypeSchema = z.union([z.literal(2), z.literal(3)]);
const EntryStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Spec 3, Order item upload. */
const OrderItemUploadSchema = z.object({
  id: z.number().int(),
  orderItemId: z.number().int(),
  fileName: z.string(),
  originalFileName: z.string(),
  uploadType: UploadTypeSchema,
  sizeInBytes: z.number().int(),
  isPrimaryFile: z.boolean(),
  videoId: z.string().nullable(),
  isVideo: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.iso.datetime(),
  /** What processing found: its state, length, poster, preview and warnings (decision 025). */
  processing: FileProcessingSchema,
});
export type OrderItemUpload = z.infer<typeof OrderItemUploadSchema>;

/**
 * One paid entry of a contestant as the uploads portal shows it (spec 3 Order item, spec 7
 * ParticipantOrderItems), with its status and upload deadline worked out by the server.
 */
export const ParticipantOrderItemSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  itemId: z.number().int(),
  participantProfileId: z.number().int(),
  participantFirstName: z.string(),
  participantSurname: z.string(),
  grade: z.string(),
  school: z.string(),
  groupName: z.string().nullable(),
  groupParticipants: z.array(GroupParticipantSchema),
  instruments: z.string(),
  itemCode: z.string(),
  itemShortDescription: z.string(),
  itemDueDate: z.iso.date(),
  itemCategoryId: z.number().int(),
  isGroupItem: z.boolean(),
  externalCollectionId: z.string().nullable(),
  isCancelled: z.boolean(),
  isSubmittedForMarking: z.boolean(),
  /** The end of the day after the due date, in the event's time zone (spec 4). */
  uploadDeadline: z.iso.datetime(),
  deadlinePassed: z.boolean(),
  status: EntryStatusSchema,
  /** Visual Arts & Design entries take an image as their main file (spec 2). */
  acceptsImages: z.boolean(),
  /** Results are published for this entry (issue 9); the Results modal reads RubricScores. */
  resultsPublished: z.boolean(),
  orderItemUploads: z.array(OrderItemUploadSchema),
  item: z.object({
    code: z.string(),
    shortDescription: z.string(),
    description: z.string(),
    dueDate: z.iso.date(),
    categoryId: z.number().int(),
    isGroupItem: z.boolean(),
    category: z.object({ id: z.number().int(), name: z.string(), section: SectionSchema }),
    /** The longest performance in seconds; null for none (the too-long warning's limit). */
    timeLimitSeconds: z.number().int().nullable(),
  }),
});
export type ParticipantOrderItem = z.infer<typeof ParticipantOrderItemSchema>;

/** GET /api/OrderItems/ParticipantOrderItems (spec 7; take 10 and year 2025 in the portal). */
export const ParticipantOrderItemsQuerySchema = z.object({
  participantId: IdSchema,
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  take: z.coerce.number().int().min(1).max(50).default(10),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  search: text().trim().max(100).default(''),
});

export const ParticipantOrderItemsPageSchema = z.object({
  items: z.array(ParticipantOrderItemSchema),
  /** Entries matching the search. */
  total: z.number().int(),
  /**
   * Of all the contestant's entries this year: how many (withdrawn ones included), how many of
   * those are withdrawn, and how many of the others are complete. 'Total Items' counts only the
   * entries not withdrawn: a withdrawn entry can no longer be completed (decision 028).
   */
  allEntries: z.number().int(),
  withdrawnEntries: z.number().int(),
  completeEntries: z.number().int(),
  /**
   * Of those not withdrawn, how many are finalised (sent to the adjudicators, decision 043).
   * Optional: a previous release's server does not send it during an upgrade.
   */
  finalisedEntries: z.number().int().optional(),
  /**
   * Every year in which the contestant has paid entries, newest first: earlier events stay
   * readable (issue 16) when a new one is live.
   */
  years: z.array(z.number().int()).default([]),
});
export type ParticipantOrderItemsPage = z.infer<typeof ParticipantOrderItemsPageSchema>;

/** POST /api/OrderItems/{id}/OrderItemUploads?orderId: record a finished upload (spec 7). */
export const CreateOrderItemUploadSchema = z.object({
  orderItemId: IdSchema.optional(),
  fileName: text().trim().min(1).max(255),
  uploadType: UploadTypeSchema,
  sizeInBytes: z.number().int().min(0),
  originalFileName: text().trim().min(1).max(255),
  isPrimaryFile: z.boolean().default(false),
  /** The video slot the file was sent to over tus. */
  videoId: UuidSchema,
});
export type CreateOrderItemUpload = z.infer<typeof CreateOrderItemUploadSchema>;

/** The order id the portal sends along (0 when unknown); the entry's own order is what counts. */
const OptionalOrderIdSchema = z.coerce.number().int().min(0).max(2_147_483_647).optional();
export const OrderIdQuerySchema = z.object({ orderId: OptionalOrderIdSchema });

/** GET /api/BucketLinks/BucketLink: a short-lived link to one of the owner's files. */
export const BucketLinkQuerySchema = z.object({
  orderItemId: IdSchema,
  orderId: OptionalOrderIdSchema,
  fileName: text().min(1).max(255),
});
export const BucketLinkSchema = z.object({ url: z.string() });

/** A video collection: one per entry, named after the order item id (spec 7). */
export const VideoCollectionSchema = z.object({
  guid: UuidSchema,
  name: z.string(),
  videoCount: z.number().int(),
});
export type VideoCollection = z.infer<typeof VideoCollectionSchema>;
export const VideoCollectionsSchema = z.object({ items: z.array(VideoCollectionSchema) });
export const CollectionsQuerySchema = z.object({ search: text().trim().max(100).optional() });
export const CreateCollectionSchema = z.object({ name: text().trim().min(1).max(100) });
export const CollectionParamsSchema = z.object({ id: UuidSchema });

/**
 * What a client needs to send bytes to a video slot over tus: where, and the signed permission
 * (spec 7: a hash of library id, key, expiry and video id; the key itself stays on the server).
 */
const VideoUploadAuthSchema = z.object({
  endpoint: z.string(),
  libraryId: z.string(),
  videoId: UuidSchema,
  /** Unix seconds. */
  expires: z.number().int(),
  signature: z.string(),
});
export type VideoUploadAuth = z.infer<typeof VideoUploadAuthSchema>;

/** Spec 3, Video slot, with its upload permission while it can still receive bytes. */
export const VideoSlotSchema = z.object({
  guid: UuidSchema,
  collectionId: UuidSchema,
  title: z.string(),
  storageSize: z.number().int(),
  upload: VideoUploadAuthSchema.nullable(),
});
export type VideoSlot = z.infer<typeof VideoSlotSchema>;
export const VideoSlotsSchema = z.object({ items: z.array(VideoSlotSchema) });
export const CreateVideoSlotSchema = z.object({
  collectionId: UuidSchema.optional(),
  title: text().trim().min(1).max(200),
});

/** Headers of POST /api/Uploads/UploadS3Files (spec 7): text, as browsers send them. */
export const EntryFileHeadersSchema = z.object({
  /** '0' when the client does not know it; the entry names its order anyway. */
  orderid: z.union([z.literal('0'), IdSchema]).optional(),
  orderitemid: IdSchema,
  uploadtypeid: z.enum(['2', '3']).transform((v) => (v === '2' ? 2 : 3) as 2 | 3),
  updatedfilename: text().max(255).optional(),
});
