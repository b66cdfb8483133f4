import { staffApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { adjudicatorsKey } from './adjudicator-keys.ts';

/** An organiser records an adjudicator's conflict with a teacher (decision 068). */
export function useRecordTeacherConflict(adjudicatorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teacherId: number) =>
      callApi(staffApi.recordTeacherConflict, {
        params: { id: adjudicatorId },
        body: { teacherId },
      }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      toast('success', "The teacher's learners are kept from this adjudicator.", 'Recorded');
      void queryClient.invalidateQueries({ queryKey: adjudicatorsKey });
    },
    onError: (error) => toast('warning', messageOf(error), 'Not recorded'),
  });
}
