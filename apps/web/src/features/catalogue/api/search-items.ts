import { ItemPageSchema } from '@eisteddfod/shared';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../event/api/client-config.ts';
import { pageQuery, useItemPage, type ItemSource, type PageRequest } from './item-pages.ts';

/** GET /api/Eisteddfods/{id}/ItemsSearch?skip&take&search: items of every category. */
export function fetchItemsSearch(eventId: number, page: PageRequest, signal?: AbortSignal) {
  return apiRequest(`/api/Eisteddfods/${eventId}/ItemsSearch?${pageQuery(page)}`, ItemPageSchema, {
    signal,
  });
}

/** The search of the sections screen; asks nothing until there is a search. */
export function useItemsSearch(page: PageRequest) {
  const eventId = useClientConfig().data?.eventId;
  const source = useMemo<ItemSource>(
    () => ({
      key: ['items', 'search', eventId],
      enabled: eventId !== undefined && page.search !== '',
      fetchPage: (p, signal) => fetchItemsSearch(eventId ?? 0, p, signal),
    }),
    [eventId, page.search],
  );
  return useItemPage(source, page);
}
