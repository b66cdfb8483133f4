import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffApi } from '@eisteddfod/shared';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { scopeOf } from '../../plugins/scope.ts';
import type { Marker } from './marking.service.ts';

/**
 * /api/Staff: blind marking. Adjudicators list, open and mark the entries they may see, and
 * fetch their files; organisers reopen a submitted mark. Each route's action comes from its
 * definition (plugins/access.ts), the entries it reaches from the caller's scope.
 */
export const markingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { marking } = app.adjudication;

  serve(app, staffApi.markingList, async (req) => {
    return marking.listEntries(marker(req));
  });

  serve(app, staffApi.markingEntry, async (req) => {
    return marking.getEntry(marker(req), req.params.orderItemId);
  });

  serve(app, staffApi.saveMark, async (req) => {
    return marking.saveMark(marker(req), req.params.orderItemId, req.body);
  });

  serve(app, staffApi.bucketLink, async (req) => {
    return marking.fileLink(marker(req), req.query.orderItemId, req.query.uploadId);
  });

  serve(app, staffApi.reopenMark, async (req, reply) => {
    const { customerId } = callerOf(req);
    await marking.reopenMark(customerId, req.params.orderItemId);
    return reply.code(204).send(null);
  });
};

/** The caller of a marking route, with the entries their scope reaches. */
function marker(req: FastifyRequest): Marker {
  return { customerId: callerOf(req).customerId, entries: scopeOf(req, 'entries') };
}
