import { ReferenceListsSchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/reference (shared with the contestant screens' cache): the school names. */
export function useSchools() {
  return useQuery({
    queryKey: ['reference'],
    queryFn: ({ signal }) => apiRequest('/api/reference', ReferenceListsSchema, { signal }),
    staleTime: Infinity,
    select: (lists) => lists.schools,
  });
}
