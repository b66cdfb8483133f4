import fp from 'fastify-plugin';
import { parentInvitationsRoutes } from './parent-invitations.routes.ts';
import { createParentInvitationsService } from './parent-invitations.service.ts';
import { createParentLinksService } from './parent-links.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A learner's parent: invitations, consents and the link to the child (decision 063). */
    parentInvitations: {
      invitations: ReturnType<typeof createParentInvitationsService>;
      links: ReturnType<typeof createParentLinksService>;
    };
  }
}

/** Parents of the learners teachers enter: invited, consenting, then seeing their child. */
export default fp(
  async (app) => {
    const deps = {
      db: app.db,
      outbox: app.outbox,
      rateLimiter: app.rateLimiter,
      publicUrl: app.config.PUBLIC_URL,
      whatsAppTemplate: app.config.WHATSAPP_TEMPLATE_PARENT_INVITATION.name,
      now: app.now,
    };
    app.decorate('parentInvitations', {
      invitations: createParentInvitationsService(deps),
      links: createParentLinksService(deps),
    });
    await app.register(parentInvitationsRoutes);
  },
  { name: 'parent-invitations', dependencies: ['core', 'rate-limiter', 'outbox', 'accounts'] },
);
