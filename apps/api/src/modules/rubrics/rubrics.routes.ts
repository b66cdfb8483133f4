import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rubricsApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Events/:id/Rubrics: organisers only (from each definition). */
export const rubricsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, rubricsApi.list, (req) => app.rubrics.list(req.params.id));

  serve(app, rubricsApi.save, (req) =>
    app.rubrics.save(callerOf(req).customerId, req.params.id, req.params.section, req.body),
  );
};
