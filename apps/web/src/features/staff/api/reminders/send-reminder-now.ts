import { remindersApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useCampaignChange } from './reminders-change.ts';

export const useSendReminderNow = () =>
  useCampaignChange((id: number) => callApi(remindersApi.sendNow, { params: { id } }), 'Not sent');
