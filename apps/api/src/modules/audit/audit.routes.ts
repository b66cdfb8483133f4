import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';
import * as repo from './audit.repository.ts';

/**
 * /api/Staff/AuditLog: organisers read every recorded change (issue 16). The log is written
 * by each module's changes (lib/audit.repository.ts); this module only reads it.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, auditApi.list, async (req) => {
    const { rows, total } = await repo.pageAudit(app.db, req.query);
    return {
      total,
      entries: rows.map((r) => ({
        ...r,
        at: r.at.toISOString(),
        details:
          r.details && typeof r.details === 'object' && !Array.isArray(r.details)
            ? (r.details as Record<string, unknown>)
            : { value: r.details },
      })),
    };
  });

  serve(app, auditApi.kinds, () => repo.listKinds(app.db));
};
