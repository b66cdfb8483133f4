import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadsApi } from '@eisteddfod/shared';
import { badRequest } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** Spec 7: the uploads portal's Order items, Bucket links and video collection calls. */
export const entriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { entries, videoSlots } = app;

  serve(app, uploadsApi.participantOrderItems, async (req) => {
    const { customerId } = callerOf(req);
    return entries.listParticipantEntries(customerId, req.query);
  });

  serve(app, uploadsApi.withdraw, async (req) => {
    const { customerId } = callerOf(req);
    return entries.withdraw(customerId, req.params.id);
  });

  serve(app, uploadsApi.recordUpload, async (req) => {
    const { customerId } = callerOf(req);
    if (req.body.orderItemId !== undefined && req.body.orderItemId !== req.params.id) {
      throw badRequest('VALIDATION_ERROR', 'The body names another entry than the path.');
    }
    return videoSlots.recordVideoUpload(customerId, req.params.id, req.body);
  });

  serve(app, uploadsApi.deleteUpload, async (req, reply) => {
    const { customerId } = callerOf(req);
    await entries.deleteUpload(customerId, req.params.id);
    return reply.code(204).send(null);
  });

  serve(app, uploadsApi.bucketLink, async (req) => {
    const { customerId } = callerOf(req);
    return entries.bucketLink(customerId, req.query);
  });

  serve(app, uploadsApi.collections, async (req) => {
    const { customerId } = callerOf(req);
    return { items: await videoSlots.listCollections(customerId, req.query.search) };
  });

  serve(app, uploadsApi.createCollection, async (req) => {
    const { customerId } = callerOf(req);
    return videoSlots.createCollection(customerId, req.body.name);
  });

  serve(app, uploadsApi.videoSlots, async (req) => {
    const { customerId } = callerOf(req);
    return { items: await videoSlots.listSlots(customerId, req.params.id) };
  });

  serve(app, uploadsApi.createVideoSlot, async (req) => {
    const { customerId } = callerOf(req);
    if (req.body.collectionId !== undefined && req.body.collectionId !== req.params.id) {
      throw badRequest('VALIDATION_ERROR', 'The body names another collection than the path.');
    }
    return videoSlots.createSlot(customerId, req.params.id, req.body.title);
  });
};
