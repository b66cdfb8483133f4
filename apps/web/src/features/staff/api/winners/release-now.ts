import { resultsDayApi, type ReleaseProblemCode } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { resultsDayKey } from './winners-keys.ts';

/** Releases, acknowledging the problems the organiser was shown (decision 033). */
export function useReleaseNow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (acknowledge: ReleaseProblemCode[]) =>
      callApi(resultsDayApi.releaseNow, { params: { id }, body: { acknowledge } }),
    meta: { handlesErrors: true },
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries();
      toast(
        'success',
        `${outcome.published} ${outcome.published === 1 ? 'result' : 'results'} published; ${outcome.familiesNotified} ${outcome.familiesNotified === 1 ? 'family' : 'families'} told.`,
        'Results released',
      );
    },
    onError: (error) => {
      // RELEASE_NEEDS_ACKNOWLEDGEMENT: something changed since; the dialog shows it afresh.
      void queryClient.invalidateQueries({ queryKey: resultsDayKey(id, 'release-preview') });
      toast('error', messageOf(error), 'Not released');
    },
  });
}
