import fp from 'fastify-plugin';
import { staffMembersRoutes } from './staff-members.routes.ts';
import { createStaffMembersService } from './staff-members.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may sign in as staff, kept by organisers (issue 16, decision 019). */
    staffMembers: ReturnType<typeof createStaffMembersService>;
  }
}

/**
 * Organisers' staff: invite organisers and adjudicators, deactivate and reactivate them. The
 * access hook (plugins/access.ts) is what ends a deactivated member's sessions: it reads the
 * state on every staff call, so nothing here needs telling other instances.
 */
export default fp(
  async (app) => {
    app.decorate(
      'staffMembers',
      createStaffMembersService({
        db: app.db,
        outbox: app.outbox,
        publicUrl: app.config.PUBLIC_URL,
        now: app.now,
      }),
    );
    await app.register(staffMembersRoutes);
  },
  { name: 'staff-members', dependencies: ['core', 'outbox'] },
);
