import fp from 'fastify-plugin';
import { auditRoutes } from './audit.routes.ts';

/** The audit log, read by organisers (written by every module through lib/audit.repository). */
export default fp(
  async (app) => {
    await app.register(auditRoutes);
  },
  { name: 'audit', dependencies: ['core'] },
);
