import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRightsApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';

const HOUR = 60 * 60_000;

/** A family's data rights (its own, from the path's :id) and the organisers' Data requests. */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataRights } = app;

  serve(app, dataRightsApi.archive, async (req, reply) => {
    // Each archive reads every file the family has: a few an hour is plenty.
    await requireWithinLimit(
      app.rateLimiter,
      `data-archive:${req.params.id}`,
      3,
      HOUR,
      'You have downloaded your data several times in the last hour. Please try again later.',
    );
    const { stream, fileName } = await dataRights.archive(req.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  serve(app, dataRightsApi.familyRequest, (req) => dataRights.familyRequest(req.params.id));

  serve(app, dataRightsApi.requestErasure, async (req, reply) => {
    await requireWithinLimit(
      app.rateLimiter,
      `erasure-request:${req.params.id}`,
      5,
      HOUR,
      'You have asked several times in the last hour. Please try again later.',
    );
    const { request, created } = await dataRights.requestErasure(req.params.id);
    return reply.code(created ? 201 : 200).send(request);
  });

  serve(app, dataRightsApi.list, () => dataRights.list());

  serve(app, dataRightsApi.erase, (req) =>
    dataRights.erase(callerOf(req).customerId, req.params.id),
  );

  serve(app, dataRightsApi.eraseCustomer, (req) =>
    dataRights.eraseCustomer(callerOf(req).customerId, req.params.id),
  );
};
