import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import { IdSchema, UuidSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { CreatedIdSchema, OrderIdParamsSchema } from '../cart/cart.schema.ts';
import { UploadResponseSchema } from '../contestants/contestants.schema.ts';
import {
  BucketLinkQuerySchema,
  BucketLinkSchema,
  CollectionParamsSchema,
  CollectionsQuerySchema,
  CreateCollectionSchema,
  CreateOrderItemUploadSchema,
  CreateVideoSlotSchema,
  OrderIdQuerySchema,
  ParticipantOrderItemSchema,
  ParticipantOrderItemsPageSchema,
  ParticipantOrderItemsQuerySchema,
  VideoCollectionSchema,
  VideoCollectionsSchema,
  VideoSlotSchema,
  VideoSlotsSchema,
} from '../uploads/uploads.schema.ts';

const tags = ['Uploads portal'];
const errors = [400, 401, 404, 409] as const;
/** A file sent as multipart form data, in the field `file`, with the call's own headers. */
const multipart = { consumes: ['multipart/form-data'] } as const;

/**
 * A profile picture: multipart field "file"; headers orderId, orderItemId, participantId, "0"
 * for none (spec 7).
 */
const pictureUpload = (path: string, summary: string) =>
  defineEndpoint({
    ...multipart,
    method: 'POST',
    path,
    access: 'session',
    tags: ['Files'],
    summary,
    responses: { 200: UploadResponseSchema },
    errors: [400, 401, 404, 413, 415],
  });

/** Spec 7: the uploads portal's order items, bucket links, video collections and files. */
export const uploadsApi = {
  participantOrderItems: defineEndpoint({
    method: 'GET',
    path: '/api/OrderItems/ParticipantOrderItems',
    access: 'session',
    tags,
    summary: "A contestant's paid entries with their files, status and upload deadline",
    query: ParticipantOrderItemsQuerySchema,
    responses: { 200: ParticipantOrderItemsPageSchema },
    errors,
  }),
  withdraw: defineEndpoint({
    method: 'PUT',
    path: '/api/OrderItems/:id/Withdraw',
    access: 'session',
    tags,
    summary: 'Withdraw an entry (for good; not once it is finalised)',
    params: OrderIdParamsSchema,
    responses: { 200: ParticipantOrderItemSchema },
    errors,
  }),
  recordUpload: defineEndpoint({
    method: 'POST',
    path: '/api/OrderItems/:id/OrderItemUploads',
    access: 'session',
    tags,
    summary: 'Record a video or audio file sent over tus to one of the entry’s video slots',
    params: OrderIdParamsSchema,
    query: OrderIdQuerySchema,
    body: CreateOrderItemUploadSchema,
    responses: { 200: CreatedIdSchema },
    errors,
  }),
  deleteUpload: defineEndpoint({
    method: 'DELETE',
    path: '/api/OrderItems/OrderItemUploads/:id',
    // Spec 7 names both paths; the id is the upload's in each.
    aliases: ['/api/OrderItems/:id/OrderItemUploads'],
    access: 'session',
    tags,
    summary: 'Delete a file of an entry (while the entry is open)',
    params: z.object({ id: IdSchema }),
    responses: { 204: z.null() },
    errors,
  }),
  bucketLink: defineEndpoint({
    method: 'GET',
    path: '/api/BucketLinks/BucketLink',
    access: 'session',
    tags,
    summary: 'A short-lived link to one of the owner’s entry files (a player page for videos)',
    query: BucketLinkQuerySchema,
    responses: { 200: BucketLinkSchema },
    errors,
  }),
  collections: defineEndpoint({
    method: 'GET',
    path: '/api/Uploads/Collection',
    access: 'session',
    tags,
    summary: 'The customer’s video collections (one per entry, named after its id)',
    query: CollectionsQuerySchema,
    responses: { 200: VideoCollectionsSchema },
    errors,
  }),
  createCollection: defineEndpoint({
    method: 'POST',
    path: '/api/Uploads/Collection',
    access: 'session',
    tags,
    summary: 'The video collection of an entry (name: the order item id), made once',
    body: CreateCollectionSchema,
    responses: { 200: VideoCollectionSchema },
    errors,
  }),
  videoSlots: defineEndpoint({
    method: 'GET',
    path: '/api/Uploads/Collection/:id/Video',
    access: 'session',
    tags,
    summary: 'The video slots of a collection, with upload permission for unfinished ones',
    params: CollectionParamsSchema,
    responses: { 200: VideoSlotsSchema },
    errors,
  }),
  createVideoSlot: defineEndpoint({
    method: 'POST',
    path: '/api/Uploads/Collection/:id/Video',
    access: 'session',
    tags,
    summary: 'A new empty video slot, signed for 24 hours of tus uploading',
    params: CollectionParamsSchema,
    body: CreateVideoSlotSchema,
    responses: { 200: VideoSlotSchema },
    errors,
  }),
  uploadEntryFile: defineEndpoint({
    ...multipart,
    method: 'POST',
    path: '/api/Uploads/UploadS3Files',
    access: 'session',
    tags,
    summary:
      'Upload an image or document of an entry (multipart field "file"; headers orderId, orderItemId, uploadTypeId, updatedFilename)',
    responses: { 200: UploadResponseSchema },
    errors: [400, 401, 404, 409, 413, 415],
  }),
  uploadPicture: pictureUpload(
    '/api/Uploads/UploadFiles',
    "Upload an existing contestant's profile picture, or an entry's document with an orderItemId header",
  ),
  uploadNewPicture: pictureUpload(
    '/api/Uploads/NewUploadFiles',
    'Upload the profile picture of a contestant not created yet',
  ),
  picture: defineEndpoint({
    method: 'GET',
    path: '/api/files/:fileId/picture',
    access: 'signed',
    tags: ['Files'],
    summary: 'A contestant picture, through a signed link from the contestant list',
    params: z.object({ fileId: UuidSchema }),
    query: z.object({
      expires: z.coerce.number().int(),
      signature: text().max(64),
    }),
    responses: { 200: null },
    produces: ['image/jpeg'],
    errors: [400, 404],
  }),
};
