import { remindersApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useCampaignChange } from './reminders-change.ts';

export const useCancelReminder = () =>
  useCampaignChange(
    (id: number) => callApi(remindersApi.cancel, { params: { id } }),
    'Not cancelled',
  );
