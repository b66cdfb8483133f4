import { ItemPageSchema } from '@eisteddfod/shared';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../event/api/client-config.ts';
import { pageQuery, useItemPage, type ItemSource, type PageRequest } from './item-pages.ts';

/** GET /api/Eisteddfods/{id}/Categories/{categoryId}/Items?skip&take&search */
export function fetchCategoryItems(
  eventId: number,
  categoryId: number,
  page: PageRequest,
  signal?: AbortSignal,
) {
  return apiRequest(
    `/api/Eisteddfods/${eventId}/Categories/${categoryId}/Items?${pageQuery(page)}`,
    ItemPageSchema,
    { signal },
  );
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
