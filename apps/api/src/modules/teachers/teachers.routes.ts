import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffTeachersApi, teachersApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/**
 * A family account's requests to act for a school (its own only: access 'customer'), and the
 * organisers' decisions on them (access 'manage:schools'), from each definition.
 */
export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, teachersApi.schools, () => app.teachers.schools());

  serve(app, teachersApi.list, (req) => app.teachers.list(req.params.id));

  serve(app, teachersApi.ask, async (req, reply) =>
    reply.code(201).send(await app.teachers.ask(req.params.id, req.body)),
  );

  serve(app, teachersApi.leave, async (req, reply) => {
    await app.teachers.leave(req.params.id, req.params.membershipId);
    return reply.code(204).send(null);
  });

  serve(app, staffTeachersApi.list, () => app.teachers.teachers());

  serve(app, staffTeachersApi.approve, (req) =>
    app.teachers.approve(callerOf(req).customerId, req.params.membershipId, req.body),
  );

  serve(app, staffTeachersApi.refuse, (req) =>
    app.teachers.refuse(callerOf(req).customerId, req.params.membershipId, req.body.reason),
  );

  serve(app, staffTeachersApi.end, (req) =>
    app.teachers.end(callerOf(req).customerId, req.params.membershipId),
  );

  serve(app, staffTeachersApi.role, (req) =>
    app.teachers.setRole(callerOf(req).customerId, req.params.membershipId, req.body.role),
  );
};
