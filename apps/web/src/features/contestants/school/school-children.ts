import { parentInvitationsApi, type AcceptInvitation } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

const childrenKey = ['school-children'] as const;

/**
 * The children teachers entered that the parent accepted an invitation for. Quiet when it fails:
 * the section is left out, and the contestants' own list says whether the page loaded.
 */
export function useSchoolChildren(customerId: number) {
  return useQuery({
    queryKey: childrenKey,
    queryFn: ({ signal }) =>
      callApi(parentInvitationsApi.children, { params: { id: customerId }, signal }),
    enabled: customerId > 0,
    meta: { handlesErrors: true },
  });
}

/** What the invitation's page shows before anyone signs in. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['parent-invitation', token],
    queryFn: ({ signal }) => callApi(parentInvitationsApi.summary, { params: { token }, signal }),
    retry: false,
    meta: { handlesErrors: true },
  });
}

export function useAcceptInvitation(customerId: number, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consents: AcceptInvitation) =>
      callApi(parentInvitationsApi.accept, { params: { id: customerId, token }, body: consents }),
    meta: { handlesErrors: true },
    onError: (error) => toast('warning', messageOf(error)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childrenKey }),
  });
}

/** Take over or leave: either way the list (and the contestants, after a take over) change. */
export function useChildMove(customerId: number, move: 'takeOver' | 'leave') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (learnerId: number) => {
      await callApi(parentInvitationsApi[move], { params: { id: customerId, learnerId } });
    },
    meta: { handlesErrors: true },
    onError: (error) => toast('warning', messageOf(error)),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
