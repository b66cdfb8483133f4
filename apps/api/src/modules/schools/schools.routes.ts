import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolsApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Schools: organisers only (from each definition). */
export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, schoolsApi.list, () => app.schools.list());

  serve(app, schoolsApi.add, async (req, reply) =>
    reply
      .code(201)
      .send(await app.schools.add(callerOf(req).customerId, req.body.name, req.body.kind)),
  );

  serve(app, schoolsApi.rename, (req) =>
    app.schools.rename(callerOf(req).customerId, req.params.id, req.body.name, req.body.kind),
  );

  serve(app, schoolsApi.merge, (req) =>
    app.schools.merge(callerOf(req).customerId, req.params.id, req.body.intoId),
  );

  serve(app, schoolsApi.school, (req) => app.schools.page(req.params.id));

  serve(app, schoolsApi.unlinked, () => app.schools.unlinked());

  serve(app, schoolsApi.link, (req) =>
    app.schools.link(callerOf(req).customerId, req.params.id, req.body.name),
  );
};
