import { ReferenceListsSchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/reference: schools, grades and the other lists; they change once a year at most. */
export function useReferenceLists() {
  return useQuery({
    queryKey: ['reference'],
    queryFn: ({ signal }) => apiRequest('/api/reference', ReferenceListsSchema, { signal }),
    staleTime: Infinity,
  });
}
