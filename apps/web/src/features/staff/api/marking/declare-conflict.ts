import { staffApi, type DeclareConflict } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { conflictsKey, markingListKey } from './marking-keys.ts';

export function useDeclareConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conflict: DeclareConflict) =>
      callApi(staffApi.declareConflict, { body: conflict }),
    onSuccess: (list) => {
      queryClient.setQueryData(conflictsKey, list);
      void queryClient.invalidateQueries({ queryKey: markingListKey, exact: true });
    },
  });
}
