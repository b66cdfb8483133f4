import {
  catalogueApi,
  gradeProblem,
  MAX_PAGE_SIZE,
  type Item,
  type OrderItem,
} from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../../shared/event/api/client-config.ts';

/** Every item of the event, as one page (spec 7). */
function fetchAllItems(eventId: number, signal?: AbortSignal) {
  return callApi(catalogueApi.itemsPage, {
    params: { id: eventId },
    query: { skip: 0, take: MAX_PAGE_SIZE, search: '' },
    signal,
  });
}

/**
 * Spec 5, "Order item edit": only items of the entry's section and kind (group or individual),
 * and (issue 32) only those the contestant and every group member may enter by grade.
 */
export function comparableItems(items: Item[], entry: OrderItem): Item[] {
  return items.filter(
    (item) =>
      item.category.section === entry.item.category.section &&
      item.isGroupItem === entry.isGroupItem &&
      gradeProblem(item, entry.participantProfile, entry.groupParticipants) === null,
  );
}

/** The items an entry may change to; asked for once the edit modal opens. */
export function useComparableItems(entry: OrderItem | null) {
  const eventId = useClientConfig().data?.eventId;
  return useQuery({
    queryKey: ['items', 'all', eventId],
    queryFn: ({ signal }) => fetchAllItems(eventId ?? 0, signal),
    enabled: eventId !== undefined && entry !== null,
    staleTime: 5 * 60_000,
    select: (page) => (entry ? comparableItems(page.items, entry) : []),
  });
}
