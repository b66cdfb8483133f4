import { uploadsApi } from '@eisteddfod/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** Spec 9: the uploads portal pages its entries ten at a time. */
export const ENTRIES_PAGE_SIZE = 10;

export interface EntriesQuery {
  participantId: number;
  skip: number;
  year: number | undefined;
  search: string;
}

/** How often the page looks again while a file is being processed. */
const PROCESSING_POLL_MS = 4000;

/** Every list of entries, to refresh them all after an upload, a delete or a status change. */
export const entriesQueryRoot = ['participant-order-items'] as const;
const entriesQueryKey = (query: EntriesQuery) => [...entriesQueryRoot, query] as const;

/** One page of a contestant's paid entries. */
function fetchEntries(query: EntriesQuery, signal?: AbortSignal) {
  return callApi(uploadsApi.participantOrderItems, {
    query: {
      participantId: query.participantId,
      skip: query.skip,
      take: ENTRIES_PAGE_SIZE,
      search: query.search,
      year: query.year,
    },
    signal,
  });
}

/** One page of entries: what the portal shows and what a screen before it fetches ahead. */
export function entriesQuery(query: EntriesQuery) {
  return queryOptions({
    queryKey: entriesQueryKey(query),
    queryFn: ({ signal }) => fetchEntries(query, signal),
  });
}

export function useEntries(query: EntriesQuery, enabled: boolean) {
  return useQuery({
    ...entriesQuery(query),
    enabled: enabled && query.participantId > 0,
    // The previous page stays on screen while the next one loads (no jump on a phone).
    placeholderData: keepPreviousData,
    staleTime: 0,
    // While a file is being processed the page looks again every few seconds, so 'Processing…'
    // turns into its poster and length without a reload (decision 025).
    refetchInterval: (q) =>
      q.state.data?.items.some((e) =>
        e.orderItemUploads.some((u) => u.processing.state === 'pending'),
      )
        ? PROCESSING_POLL_MS
        : false,
  });
}
