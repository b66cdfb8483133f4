import { parentInvitationsApi } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { text } from '../text.ts';

const parentsKey = (membershipId: number) => ['class-parents', membershipId] as const;

/** Each learner's parent: not invited, invited, linked, taken over or left (decision 063). */
export function useClassParents(customerId: number, membershipId: number) {
  return useQuery({
    queryKey: parentsKey(membershipId),
    queryFn: ({ signal }) =>
      callApi(parentInvitationsApi.parents, { params: { id: customerId, membershipId }, signal }),
  });
}

function useRefresh(membershipId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: parentsKey(membershipId) });
}

/** Invites one learner's parent. */
export function useInviteParent(customerId: number, membershipId: number) {
  const refresh = useRefresh(membershipId);
  return useMutation({
    mutationFn: (learnerId: number) =>
      callApi(parentInvitationsApi.invite, {
        params: { id: customerId, membershipId, learnerId },
      }),
    meta: { handlesErrors: true },
    onSuccess: (link) =>
      toast('success', text('invitationSent', { name: `${link.firstName} ${link.surname}` })),
    onError: (error) => toast('warning', messageOf(error)),
    onSettled: refresh,
  });
}

/** Invites every parent not invited yet. */
export function useInviteAllParents(customerId: number, membershipId: number) {
  const refresh = useRefresh(membershipId);
  return useMutation({
    mutationFn: () =>
      callApi(parentInvitationsApi.inviteAll, { params: { id: customerId, membershipId } }),
    meta: { handlesErrors: true },
    onSuccess: (done) => toast('success', text('invitationsSent', { count: done.sent })),
    onError: (error) => toast('warning', messageOf(error)),
    onSettled: refresh,
  });
}
