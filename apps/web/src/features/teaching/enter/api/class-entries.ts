import { classEntriesApi, type ClassEntriesChange } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { cartQueryKey } from '../../../../shared/cart/api/cart.ts';

const gridKey = (customerId: number, membershipId: number) =>
  ['class-grid', customerId, membershipId] as const;
const entriesKey = (customerId: number, membershipId: number) =>
  ['class-entries', customerId, membershipId] as const;

/** The class's learners against the live event's items, with their entries (decision 065). */
export function useClassGrid(customerId: number, membershipId: number) {
  return useQuery({
    queryKey: gridKey(customerId, membershipId),
    queryFn: ({ signal }) =>
      callApi(classEntriesApi.grid, { params: { id: customerId, membershipId }, signal }),
  });
}

/** The class's entries by state, with counts. */
export function useClassEntries(customerId: number, membershipId: number) {
  return useQuery({
    queryKey: entriesKey(customerId, membershipId),
    queryFn: ({ signal }) =>
      callApi(classEntriesApi.entries, { params: { id: customerId, membershipId }, signal }),
  });
}

/** Ticks and unticks in one call, all or nothing; the answer lists each refused row. */
export function useEnterClass(customerId: number, membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ClassEntriesChange) =>
      callApi(classEntriesApi.enter, { params: { id: customerId, membershipId }, body: change }),
    // Not awaited: the page moves on to the checkout at once. Waiting for the grid to be read
    // (and drawn) again kept a class of 27 from the checkout for 4-20 s (issue 35's journey).
    onSuccess: (result) => {
      if (!result.written) return;
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: gridKey(customerId, membershipId) }),
        queryClient.invalidateQueries({ queryKey: entriesKey(customerId, membershipId) }),
        queryClient.invalidateQueries({ queryKey: cartQueryKey(customerId) }),
      ]);
    },
  });
}
