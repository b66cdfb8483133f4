import fp from 'fastify-plugin';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, type AuditService } from './audit.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log, read by organisers. */
    audit: AuditService;
  }
}

/** The audit log, read by organisers (written by every module through lib/audit.repository). */
export default fp(
  async (app) => {
    app.decorate('audit', createAuditService({ db: app.db }));
    await app.register(auditRoutes);
  },
  { name: 'audit', dependencies: ['core'] },
);
