import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parentInvitationsApi as api } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** A learner's parent: the teacher's invitations and the parent's side (decision 063). */
export const parentInvitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations, links } = app.parentInvitations;
  const me = (req: Parameters<typeof callerOf>[0]) => callerOf(req).customerId;

  serve(app, api.parents, (req) => invitations.parents(me(req), req.params.membershipId));
  serve(app, api.invite, (req) =>
    invitations.invite(me(req), req.params.membershipId, req.params.learnerId),
  );
  serve(app, api.inviteAll, (req) => invitations.inviteAll(me(req), req.params.membershipId));

  serve(app, api.summary, (req) => links.summary(req.params.token, req.ip));
  serve(app, api.accept, (req) => links.accept(me(req), req.params.token, req.body, req.ip));
  serve(app, api.children, (req) => links.children(me(req)));
  serve(app, api.takeOver, async (req, reply) => {
    await links.takeOver(me(req), req.params.learnerId);
    return reply.code(204).send(null);
  });
  serve(app, api.leave, (req) => links.leave(me(req), req.params.learnerId));
};
