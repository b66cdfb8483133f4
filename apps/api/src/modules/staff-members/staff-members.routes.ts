import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffMembersApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Members: organisers only (from each definition). */
export const staffMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, staffMembersApi.list, () => app.staffMembers.list());

  serve(app, staffMembersApi.invite, async (req, reply) =>
    reply.code(201).send(await app.staffMembers.invite(callerOf(req).customerId, req.body)),
  );

  serve(app, staffMembersApi.deactivate, (req) =>
    app.staffMembers.deactivate(callerOf(req).customerId, req.params.id),
  );

  serve(app, staffMembersApi.reactivate, (req) =>
    app.staffMembers.reactivate(callerOf(req).customerId, req.params.id),
  );
};
