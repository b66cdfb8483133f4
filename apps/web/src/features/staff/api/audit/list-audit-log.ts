import { auditApi, AUDIT_PAGE_SIZE } from '@eisteddfod/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** What the log is narrowed to: one action, one type of record (either may be left open). */
export interface AuditFilters {
  action?: string | undefined;
  entityType?: string | undefined;
}

/** One page of the audit log (issue 16; auditApi in packages/shared). */
export function useAuditLog(page: number, search: string, filters: AuditFilters = {}) {
  return useQuery({
    queryKey: ['staff', 'audit', page, search, filters.action, filters.entityType],
    queryFn: ({ signal }) =>
      callApi(auditApi.list, {
        query: {
          skip: (page - 1) * AUDIT_PAGE_SIZE,
          take: AUDIT_PAGE_SIZE,
          search,
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.entityType ? { entityType: filters.entityType } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
