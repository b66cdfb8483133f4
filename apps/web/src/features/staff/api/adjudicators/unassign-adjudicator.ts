import { staffApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { adjudicatorsKey } from './adjudicator-keys.ts';

export function useUnassign(adjudicatorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) =>
      callApi(staffApi.unassign, { params: { id: adjudicatorId, assignmentId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adjudicatorsKey }),
  });
}
