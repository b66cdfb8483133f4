import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { scopeOf } from '../../plugins/scope.ts';

/**
 * /api/Staff: organisers review results, publish them and remake certificates. Each route's
 * roles come from its definition (plugins/access.ts). What families see of results is in
 * family-results.routes.ts.
 */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { results, certificates } = app.resultsDay;

  serve(app, staffApi.results, async (req) =>
    results.review(scopeOf(req, 'entries'), req.query.section),
  );

  serve(app, staffApi.publishPreview, async (req) => results.publishPreview(req.query.section));

  serve(app, staffApi.publish, async (req) => {
    const { customerId } = callerOf(req);
    return results.publish(customerId, req.body.section);
  });

  serve(app, staffApi.regenerateCertificates, async (req) => {
    const { customerId } = callerOf(req);
    return {
      certificates: await certificates.regenerate(customerId, req.params.orderItemId),
    };
  });
};
