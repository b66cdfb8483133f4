import type { Database } from '../../db/client.ts';
import * as repo from './audit.repository.ts';

type AuditQuery = Parameters<typeof repo.pageAudit>[1];

/**
 * The audit log as organisers read it (issue 16). Every module writes its own changes through
 * lib/audit.repository.ts; this service only reads them, details always as an object.
 */
export function createAuditService({ db }: { db: Database }) {
  return {
    async page(query: AuditQuery) {
      const { rows, total } = await repo.pageAudit(db, query);
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
    },

    kinds: () => repo.listKinds(db),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
