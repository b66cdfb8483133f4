import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  BucketLinkQuerySchema,
  BucketLinkSchema,
  CollectionParamsSchema,
  CollectionsQuerySchema,
  CreateCollectionSchema,
  CreatedIdSchema,
  CreateOrderItemUploadSchema,
  CreateVideoSlotSchema,
  IdSchema,
  OrderIdParamsSchema,
  OrderIdQuerySchema,
  ParticipantOrderItemSchema,
  ParticipantOrderItemsPageSchema,
  ParticipantOrderItemsQuerySchema,
  VideoCollectionSchema,
  VideoCollectionsSchema,
  VideoSlotSchema,
  VideoSlotsSchema,
} from '@eisteddfod/shared';
import { badRequest } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** Spec 7: the uploads portal's Order items, Bucket links and video collection calls. */
export const entriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const entries = app.entries;
  const tags = ['Uploads portal'];

  app.get(
    '/api/OrderItems/ParticipantOrderItems',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "A contestant's paid entries with their files, status and upload deadline",
        querystring: ParticipantOrderItemsQuerySchema,
        response: { 200: ParticipantOrderItemsPageSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return entries.listParticipantEntries(customerId, req.query);
    },
  );

  app.put(
    '/api/OrderItems/:id/Withdraw',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Withdraw an entry (for good; not once it is finalised)',
        params: OrderIdParamsSchema,
        response: { 200: ParticipantOrderItemSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return entries.withdraw(customerId, req.params.id);
    },
  );

  app.post(
    '/api/OrderItems/:id/OrderItemUploads',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Record a video or audio file sent over tus to one of the entry’s video slots',
        params: OrderIdParamsSchema,
        querystring: OrderIdQuerySchema,
        body: CreateOrderItemUploadSchema,
        response: { 200: CreatedIdSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      if (req.body.orderItemId !== undefined && req.body.orderItemId !== req.params.id) {
        throw badRequest('VALIDATION_ERROR', 'The body names another entry than the path.');
      }
      return entries.recordVideoUpload(customerId, req.params.id, req.body);
    },
  );

  const deleteUpload = {
    config: { access: 'session' as const },
    schema: {
      tags,
      summary: 'Delete a file of an entry (while the entry is open)',
      params: z.object({ id: IdSchema }),
      response: { 204: z.null(), ...errors },
    },
  };
  // Spec 7 names both paths; the id is the upload's in each.
  for (const path of [
    '/api/OrderItems/OrderItemUploads/:id',
    '/api/OrderItems/:id/OrderItemUploads',
  ]) {
    app.delete(path, deleteUpload, async (req, reply) => {
      const { customerId } = callerOf(req);
      await entries.deleteUpload(customerId, req.params.id);
      return reply.code(204).send(null);
    });
  }

  app.get(
    '/api/BucketLinks/BucketLink',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A short-lived link to one of the owner’s entry files (a player page for videos)',
        querystring: BucketLinkQuerySchema,
        response: { 200: BucketLinkSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return entries.bucketLink(customerId, req.query);
    },
  );

  app.get(
    '/api/Uploads/Collection',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The customer’s video collections (one per entry, named after its id)',
        querystring: CollectionsQuerySchema,
        response: { 200: VideoCollectionsSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return { items: await entries.listCollections(customerId, req.query.search) };
    },
  );

  app.post(
    '/api/Uploads/Collection',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The video collection of an entry (name: the order item id), made once',
        body: CreateCollectionSchema,
        response: { 200: VideoCollectionSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return entries.createCollection(customerId, req.body.name);
    },
  );

  app.get(
    '/api/Uploads/Collection/:id/Video',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The video slots of a collection, with upload permission for unfinished ones',
        params: CollectionParamsSchema,
        response: { 200: VideoSlotsSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return { items: await entries.listSlots(customerId, req.params.id) };
    },
  );

  app.post(
    '/api/Uploads/Collection/:id/Video',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A new empty video slot, signed for 24 hours of tus uploading',
        params: CollectionParamsSchema,
        body: CreateVideoSlotSchema,
        response: { 200: VideoSlotSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      if (req.body.collectionId !== undefined && req.body.collectionId !== req.params.id) {
        throw badRequest('VALIDATION_ERROR', 'The body names another collection than the path.');
      }
      return entries.createSlot(customerId, req.params.id, req.body.title);
    },
  );
};
