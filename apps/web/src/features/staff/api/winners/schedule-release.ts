import { resultsDayApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { resultsDayKey } from './winners-keys.ts';

export function useScheduleRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (releaseTime: string | null) =>
      callApi(resultsDayApi.scheduleRelease, { params: { id }, body: { releaseTime } }),
    meta: { handlesErrors: true },
    onSuccess: (release) => {
      queryClient.setQueryData(resultsDayKey(id, 'release'), release);
      toast(
        'success',
        release.releaseTime
          ? `Results are released at ${release.releaseTime} on the gala date.`
          : 'The release is not scheduled: release the results by hand.',
        'Release saved',
      );
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
}
