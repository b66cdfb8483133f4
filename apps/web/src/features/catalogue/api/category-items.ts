import { catalogueApi } from '@eisteddfod/shared';
import { useMemo } from 'react';
import { callApi } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../../shared/event/api/client-config.ts';
import { pageQuery, useItemPage, type ItemSource, type PageRequest } from './item-pages.ts';

/** One page of a category's items, searched. */
function fetchCategoryItems(
  eventId: number,
  categoryId: number,
  page: PageRequest,
  signal?: AbortSignal,
) {
  return callApi(catalogueApi.categoryItems, {
    params: { id: eventId, categoryId },
    query: pageQuery(page),
    signal,
  });
}

export function useCategoryItems(categoryId: number, page: PageRequest) {
  const eventId = useClientConfig().data?.eventId;
  const source = useMemo<ItemSource>(
    () => ({
      key: ['items', 'category', eventId, categoryId],
      enabled: eventId !== undefined && categoryId > 0,
      fetchPage: (p, signal) => fetchCategoryItems(eventId ?? 0, categoryId, p, signal),
    }),
    [eventId, categoryId],
  );
  return useItemPage(source, page);
}
