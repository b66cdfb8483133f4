import { resultsDayApi, type WinnersRuleSettings } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { resultsDayKey, useResultsDayRefresh } from './winners-keys.ts';

type WinnersRule = WinnersRuleSettings['rule'];

export function useSaveWinnersRule(id: number) {
  const refresh = useResultsDayRefresh(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: WinnersRule) =>
      callApi(resultsDayApi.saveWinnersRule, { params: { id }, body: rule }),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(resultsDayKey(id, 'rule'), saved);
      // An earlier preview ranked by the old rule.
      queryClient.removeQueries({ queryKey: resultsDayKey(id, 'preview') });
      void refresh('rule');
      toast('success', 'The section winners rule was saved.', 'Saved');
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
}
