import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffApi } from '@eisteddfod/shared';
import { callerOf, staffOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/**
 * /api/Staff: the staff member's own account, the adjudicators organisers invite and assign,
 * and the conflicts of interest adjudicators declare. Every route declares the staff action it
 * serves, and the access hook reads the caller's role from the database first
 * (plugins/access.ts): a family's session gets the answer of a route that does not exist,
 * staff whose role may not 403.
 */
export const adjudicatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adjudicators } = app.adjudication;

  serve(app, staffApi.me, async (req) => {
    const { customerId, staff } = staffOf(req);
    return { customerId, firstName: staff.firstName, surname: staff.surname, role: staff.role };
  });

  // ---- adjudicators ----

  serve(app, staffApi.conflicts, async (req) => {
    const { customerId } = callerOf(req);
    return adjudicators.conflictsOf(customerId);
  });

  serve(app, staffApi.declareConflict, async (req, reply) => {
    const { customerId } = callerOf(req);
    return reply.code(201).send(await adjudicators.declareConflict(customerId, req.body));
  });

  // ---- organisers ----

  serve(app, staffApi.adjudicators, async () => adjudicators.listAdjudicators());

  serve(app, staffApi.inviteAdjudicator, async (req, reply) => {
    const { customerId } = callerOf(req);
    return reply.code(201).send(await adjudicators.inviteAdjudicator(customerId, req.body));
  });

  serve(app, staffApi.assign, async (req, reply) => {
    const { customerId } = callerOf(req);
    return reply.code(201).send(await adjudicators.assign(customerId, req.params.id, req.body));
  });

  serve(app, staffApi.recordTeacherConflict, async (req, reply) => {
    const { customerId } = callerOf(req);
    const conflicts = await adjudicators.recordTeacherConflict(customerId, req.params.id, req.body);
    return reply.code(201).send(conflicts);
  });

  serve(app, staffApi.unassign, async (req, reply) => {
    const { customerId } = callerOf(req);
    await adjudicators.unassign(customerId, req.params.id, req.params.assignmentId);
    return reply.code(204).send(null);
  });
};
