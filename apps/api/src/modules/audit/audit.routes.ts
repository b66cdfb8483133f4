import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/AuditLog: organisers read every recorded change (issue 16). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, auditApi.list, (req) => app.audit.page(req.query));
  serve(app, auditApi.kinds, () => app.audit.kinds());
};
