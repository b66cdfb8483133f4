import { CategorySchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../event/api/client-config.ts';

/** GET /api/Eisteddfods/{id}/Categories: every category with its section (spec 7). */
export function fetchCategories(eventId: number, signal?: AbortSignal) {
  return apiRequest(`/api/Eisteddfods/${eventId}/Categories`, z.array(CategorySchema), { signal });
}

export function useCategories() {
  const eventId = useClientConfig().data?.eventId;
  return useQuery({
    queryKey: ['categories', eventId],
    queryFn: ({ signal }) => fetchCategories(eventId ?? 0, signal),
    enabled: eventId !== undefined,
    // The catalogue changes between competitions, not between page views.
    staleTime: 10 * 60_000,
  });
}
