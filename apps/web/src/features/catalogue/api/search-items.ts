import { catalogueApi } from '@eisteddfod/shared';
import { useMemo } from 'react';
import { callApi } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../../shared/event/api/client-config.ts';
import { pageQuery, useItemPage, type ItemSource, type PageRequest } from './item-pages.ts';

/** One page of the items of every category, searched. */
function fetchItemsSearch(eventId: number, page: PageRequest, signal?: AbortSignal) {
  return callApi(catalogueApi.itemsPage, {
    params: { id: eventId },
    query: pageQuery(page),
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
