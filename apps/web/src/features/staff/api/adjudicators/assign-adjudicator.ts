import { staffApi, type CreateAssignment } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { adjudicatorsKey } from './adjudicator-keys.ts';

export function useAssign(adjudicatorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: CreateAssignment) =>
      callApi(staffApi.assign, { params: { id: adjudicatorId }, body: assignment }),
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adjudicatorsKey }),
    onError: (error) => {
      const message = messageOf(error);
      toast('warning', message, 'Not assigned');
    },
  });
}
