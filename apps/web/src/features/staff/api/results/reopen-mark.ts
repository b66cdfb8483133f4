import { staffApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

export function useReopenMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderItemId: number) => callApi(staffApi.reopenMark, { params: { orderItemId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'results'] }),
  });
}
