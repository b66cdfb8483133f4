import {
  catalogueApi,
  familyDeskApi,
  MAX_PAGE_SIZE,
  type ChangeEntryItem,
  type CorrectContestant,
  type FamilyEntry,
} from '@eisteddfod/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// The family desk (issue 17; familyDeskApi in packages/shared).

const key = ['staff', 'families'] as const;

export function useFamilySearch(q: string, page: number, take: number) {
  return useQuery({
    queryKey: [...key, 'search', q, page],
    queryFn: ({ signal }) =>
      callApi(familyDeskApi.search, { query: { q, skip: (page - 1) * take, take }, signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export const familyKey = (id: number) => [...key, id] as const;

export function useFamily(id: number) {
  return useQuery({
    queryKey: familyKey(id),
    queryFn: ({ signal }) => callApi(familyDeskApi.get, { params: { id }, signal }),
  });
}

/** A change at the desk: the family's page is read again, and the audit log after it. */
function useDeskChange<V, R>(run: (v: V) => Promise<R>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}

export const useCorrectContestant = (familyId: number) =>
  useDeskChange(
    (v: { contestantId: number; body: CorrectContestant }) =>
      callApi(familyDeskApi.correctContestant, {
        params: { id: familyId, contestantId: v.contestantId },
        body: v.body,
      }),
    'Not corrected',
  );

export const useChangeEntryItem = (familyId: number) =>
  useDeskChange(
    (v: { orderItemId: number; body: ChangeEntryItem }) =>
      callApi(familyDeskApi.changeEntryItem, {
        params: { id: familyId, orderItemId: v.orderItemId },
        body: v.body,
      }),
    'Not changed',
  );

export const useLetInEarly = (familyId: number) =>
  useDeskChange(() => callApi(familyDeskApi.letInEarly, { params: { id: familyId } }), 'Not saved');

export const useResendConfirmation = (familyId: number) =>
  useDeskChange(
    (orderId: number) =>
      callApi(familyDeskApi.resendConfirmation, { params: { id: familyId, orderId } }),
    'Not sent',
  );

export const useRegenerateCertificates = (familyId: number) =>
  useDeskChange(
    (v: { orderItemId: number; feeApplies: boolean }) =>
      callApi(familyDeskApi.regenerateCertificates, {
        params: { id: familyId, orderItemId: v.orderItemId },
        body: { feeApplies: v.feeApplies },
      }),
    'Not regenerated',
  );

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
