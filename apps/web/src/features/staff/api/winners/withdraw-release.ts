import { resultsDayApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { resultsDayKey } from './winners-keys.ts';

/** Takes the gala page back from public view, within the grace period after its release. */
export function useWithdrawRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(resultsDayApi.withdrawRelease, { params: { id } }),
    meta: { handlesErrors: true },
    onSuccess: (release) => {
      queryClient.setQueryData(resultsDayKey(id, 'release'), release);
      void queryClient.invalidateQueries();
      toast(
        'success',
        'The gala page says again when results come out. Messages already sent stay sent.',
        'Gala page withdrawn',
      );
    },
    onError: (error) => toast('error', messageOf(error), 'Not withdrawn'),
  });
}
