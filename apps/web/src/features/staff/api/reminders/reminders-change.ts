import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';

// Organisers' reminder campaigns (issue 17; remindersApi in packages/shared).

export const campaignsKey = ['staff', 'reminders'] as const;

/** A change of a campaign: the campaigns are read again. */
export function useCampaignChange<V>(run: (variables: V) => Promise<unknown>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: campaignsKey }),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}
