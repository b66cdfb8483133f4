import { dataRightsApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';

/** After an erasure everything about the family changed: every staff screen reads again. */
export function useCarryOutErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(dataRightsApi.erase, { params: { id } }),
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
    onError: (error) => toast('error', messageOf(error), 'Not erased'),
  });
}
