import { MEMBERSHIP_TEXT, teachersApi, type AskMembership } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { sharedText } from '../../../lib/i18n/catalogue.ts';
import { toast } from '../../../lib/toasts.ts';
import { membershipsQueryKey } from '../../../shared/teaching/memberships.ts';
import { text } from '../text.ts';

// The server's refusals (a request already open, too many waiting) in the reader's language.
sharedText(MEMBERSHIP_TEXT);

/** The schools of the list a teacher may choose. */
export function useListedSchools(customerId: number) {
  return useQuery({
    queryKey: ['teaching', 'schools'],
    queryFn: ({ signal }) => callApi(teachersApi.schools, { params: { id: customerId }, signal }),
  });
}

export function useAskMembership(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AskMembership) =>
      callApi(teachersApi.ask, { params: { id: customerId }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => toast('success', text('sent')),
    onError: (error) => toast('error', messageOf(error), text('notSaved')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membershipsQueryKey(customerId) }),
  });
}

/** Withdraws a request waiting, or leaves a school. */
export function useLeaveMembership(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: { id: number; schoolName: string; status: string }) =>
      callApi(teachersApi.leave, { params: { id: customerId, membershipId: m.id } }),
    meta: { handlesErrors: true },
    onSuccess: (_, m) =>
      toast(
        'success',
        m.status === 'approved' ? text('left', { school: m.schoolName }) : text('withdrawn'),
      ),
    onError: (error) => toast('error', messageOf(error), text('notSaved')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membershipsQueryKey(customerId) }),
  });
}
