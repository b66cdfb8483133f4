import { remindersApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { campaignsKey } from './reminders-change.ts';

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
