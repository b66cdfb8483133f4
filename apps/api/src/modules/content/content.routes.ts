import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT_TEXT, publicSiteApi } from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';

/** The current event and the public site's words and pictures. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, publicSiteApi.content, async (_req, reply) => {
    const eventId = await app.catalogue.currentEventId();
    if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventYet'));
    const snap = await app.catalogue.getSnapshot(eventId);
    if (!snap.content) throw notFound('CONTENT_NOT_FOUND', EVENT_TEXT.say('noContent'));
    // Revalidated on every visit: an organiser's change shows on the next page load.
    reply.header('cache-control', 'no-cache');
    return { event: snap.event, content: snap.content };
  });
};
