import {
  remindersApi,
  type CreateReminderCampaign,
  type ReminderChannel,
  type ReminderKind,
} from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// Organisers' reminder campaigns (issue 17; remindersApi in packages/shared).

const campaignsKey = ['staff', 'reminders'] as const;

/** The campaigns; read again every 10 s while one is scheduled or sending. */
export function useReminderCampaigns() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: ({ signal }) => callApi(remindersApi.list, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.status === 'scheduled' || c.status === 'sending')
        ? 10_000
        : false,
  });
}

/** Who a reminder would reach now and one family's message; only once everything is chosen. */
export function useReminderPreview(
  choice: { eventId: number; kind: ReminderKind; channels: ReminderChannel[] } | undefined,
) {
  return useQuery({
    queryKey: [...campaignsKey, 'preview', choice] as const,
    queryFn: ({ signal }) =>
      callApi(remindersApi.preview, {
        // The channels travel as one comma-separated value (String of the array).
        query: choice!,
        signal,
      }),
    enabled: choice !== undefined,
  });
}

function useCampaignChange<V>(run: (variables: V) => Promise<unknown>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: campaignsKey }),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}

export const useCreateReminder = () =>
  useCampaignChange(
    (campaign: CreateReminderCampaign) => callApi(remindersApi.create, { body: campaign }),
    'Not scheduled',
  );

export const useSendReminderNow = () =>
  useCampaignChange((id: number) => callApi(remindersApi.sendNow, { params: { id } }), 'Not sent');

export const useCancelReminder = () =>
  useCampaignChange(
    (id: number) => callApi(remindersApi.cancel, { params: { id } }),
    'Not cancelled',
  );
