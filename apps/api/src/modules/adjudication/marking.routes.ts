import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/**
 * /api/Staff: blind marking. Adjudicators list, open and mark the entries they may see, and
 * fetch their files; organisers reopen a submitted mark. Each route's roles come from its
 * definition (plugins/access.ts).
 */
export const markingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { marking } = app.adjudication;

  serve(app, staffApi.markingList, async (req) => {
    const { customerId } = callerOf(req);
    return marking.listEntries(customerId);
  });

  serve(app, staffApi.markingEntry, async (req) => {
    const { customerId } = callerOf(req);
    return marking.getEntry(customerId, req.params.orderItemId);
  });

  serve(app, staffApi.saveMark, async (req) => {
    const { customerId } = callerOf(req);
    return marking.saveMark(customerId, req.params.orderItemId, req.body);
  });

  serve(app, staffApi.bucketLink, async (req) => {
    const { customerId } = callerOf(req);
    return marking.fileLink(customerId, req.query.orderItemId, req.query.uploadId);
  });

  serve(app, staffApi.reopenMark, async (req, reply) => {
    const { customerId } = callerOf(req);
    await marking.reopenMark(customerId, req.params.orderItemId);
    return reply.code(204).send(null);
  });
};
