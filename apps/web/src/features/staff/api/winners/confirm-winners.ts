import { resultsDayApi } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useResultsDayRefresh } from './winners-keys.ts';

export function useConfirmWinners(id: number) {
  const refresh = useResultsDayRefresh(id);
  return useMutation({
    mutationFn: (previewToken: string) =>
      callApi(resultsDayApi.confirmWinners, { params: { id }, body: { previewToken } }),
    meta: { handlesErrors: true },
    onSuccess: (confirmed) => {
      void refresh('winners', 'preview');
      toast(
        'success',
        `${confirmed.winners.length} section ${confirmed.winners.length === 1 ? 'winner was' : 'winners were'} confirmed; their certificates are made.`,
        'Winners confirmed',
      );
    },
    onError: (error) => {
      // WINNERS_PREVIEW_STALE: the marks or the rule changed; show the new preview.
      void refresh('preview');
      toast('error', messageOf(error), 'Not confirmed');
    },
  });
}
