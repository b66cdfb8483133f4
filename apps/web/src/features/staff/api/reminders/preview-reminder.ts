import {
  remindersApi,
  type ReminderAudience,
  type ReminderChannel,
  type ReminderKind,
} from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { campaignsKey } from './reminders-change.ts';

/** Who a reminder would reach now and one family's message; only once everything is chosen. */
export function useReminderPreview(
  choice:
    | {
        eventId: number;
        kind: ReminderKind;
        channels: ReminderChannel[];
        audience: ReminderAudience;
      }
    | undefined,
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
