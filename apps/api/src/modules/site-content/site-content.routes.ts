import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteContentApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Events/:id/Content: organisers only (from each definition). */
export const siteContentRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, siteContentApi.get, (req) => app.siteContent.get(req.params.id));

  serve(app, siteContentApi.publish, (req) =>
    app.siteContent.publish(callerOf(req).customerId, req.params.id, req.body),
  );
};
