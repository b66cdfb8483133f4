import { staffApi, type InviteAdjudicator } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { adjudicatorsKey } from './adjudicator-keys.ts';

export function useInviteAdjudicator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: InviteAdjudicator) =>
      callApi(staffApi.inviteAdjudicator, { body: invite }),
    meta: { handlesErrors: true },
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: adjudicatorsKey });
      toast('success', `${created.firstName} ${created.surname} was invited by email.`, 'Success');
    },
    onError: (error) => {
      const message = messageOf(error);
      toast('error', message, 'Not invited');
    },
  });
}
