import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SITE_IMAGE_MAX_MB, siteContentApi } from '@eisteddfod/shared';
import { readOneFile } from '../../lib/multipart-file.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';
import { SITE_IMAGE_MAX_BYTES } from './site-content.service.ts';

/**
 * An uploaded picture never changes under its name, but it may have to be taken down (a portrait
 * whose owner asks): browsers and proxies keep it a day, not a year.
 */
const CACHED_A_DAY = 'public, max-age=86400';

/**
 * /api/Staff/Events/:id/Content (organisers only, from each definition) and the pictures
 * uploaded for the site, which everyone may see at /api/site-images/:name.
 */
export const siteContentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: SITE_IMAGE_MAX_BYTES, files: 1, fields: 0 },
  });

  serve(app, siteContentApi.get, (req) => app.siteContent.get(req.params.id));

  serve(app, siteContentApi.publish, async (req) => {
    const { customerId } = callerOf(req);
    // Each publish keeps the whole before and after in the audit log and makes every
    // instance rebuild the event's snapshot: plenty for an organiser, not for a loop.
    await requireWithinLimit(
      app.rateLimiter,
      `site-content-publish:customer:${customerId}`,
      60,
      60 * 60_000,
      'You have published many changes in the last hour. Please try again later.',
    );
    return app.siteContent.publish(customerId, req.params.id, req.body);
  });

  serve(app, siteContentApi.uploadImage, async (req, reply) => {
    const { customerId } = callerOf(req);
    await requireWithinLimit(
      app.rateLimiter,
      `site-images:customer:${customerId}`,
      200,
      60 * 60_000,
      'You have uploaded many pictures in the last hour. Please try again later.',
    );
    const { data } = await readOneFile(req, `Pictures must be at most ${SITE_IMAGE_MAX_MB} MB.`);
    const image = await app.siteContent.storeImage(customerId, req.params.id, req.query.kind, data);
    return reply.status(201).send(image);
  });

  serve(app, siteContentApi.image, async (req, reply) => {
    const { stream, size } = await app.siteContent.openImage(req.params.name);
    return reply
      .type('image/webp')
      .header('content-length', size)
      .header('cache-control', CACHED_A_DAY)
      .send(stream);
  });
};
