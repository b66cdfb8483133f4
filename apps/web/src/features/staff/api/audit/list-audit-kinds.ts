import { auditApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** The actions and record types the filters offer; new kinds are rare, so kept a while. */
export function useAuditKinds() {
  return useQuery({
    queryKey: ['staff', 'audit-kinds'],
    queryFn: ({ signal }) => callApi(auditApi.kinds, { signal }),
    staleTime: 5 * 60_000,
  });
}
