import { auditApi, AUDIT_PAGE_SIZE } from '@eisteddfod/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** One page of the audit log (issue 16; auditApi in packages/shared). */
export function useAuditLog(page: number, search: string) {
  return useQuery({
    queryKey: ['staff', 'audit', page, search],
    queryFn: ({ signal }) =>
      callApi(auditApi.list, {
        query: { skip: (page - 1) * AUDIT_PAGE_SIZE, take: AUDIT_PAGE_SIZE, search },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
