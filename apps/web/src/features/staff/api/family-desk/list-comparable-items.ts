import { catalogueApi, MAX_PAGE_SIZE, type FamilyEntry } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** The items an entry may change to: the same section and kind, in the entry's event. */
export function useComparableItems(entry: FamilyEntry | undefined) {
  return useQuery({
    queryKey: ['items', 'all', entry?.eventId],
    queryFn: ({ signal }) =>
      callApi(catalogueApi.itemsPage, {
        params: { id: entry?.eventId ?? 0 },
        query: { skip: 0, take: MAX_PAGE_SIZE, search: '' },
        signal,
      }),
    enabled: entry !== undefined,
    staleTime: 5 * 60_000,
    select: (page) =>
      entry
        ? page.items.filter(
            (i) => i.category.section === entry.section && i.isGroupItem === entry.isGroupItem,
          )
        : [],
  });
}
