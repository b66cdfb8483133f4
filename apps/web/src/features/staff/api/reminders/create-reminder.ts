import { remindersApi, type CreateReminderCampaign } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useCampaignChange } from './reminders-change.ts';

export const useCreateReminder = () =>
  useCampaignChange(
    (campaign: CreateReminderCampaign) => callApi(remindersApi.create, { body: campaign }),
    'Not scheduled',
  );
