import { remindersApi } from '@eisteddfod/shared';
import { Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toasts.ts';
import { text } from './text.ts';

const settingsKey = (customerId: number) => ['customer', customerId, 'reminders'] as const;

/**
 * My Profile's "Send me reminders" (issue 17, decision 022): reminders about an unpaid cart, a
 * missing main file, an entry to finalise and published results. Saved as soon as it is switched.
 */
export function ReminderSettings({ customerId }: { customerId: number }) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey(customerId),
    queryFn: ({ signal }) =>
      callApi(remindersApi.getSettings, { params: { id: customerId }, signal }),
  });
  const save = useMutation({
    mutationFn: (sendReminders: boolean) =>
      callApi(remindersApi.updateSettings, {
        params: { id: customerId },
        body: { sendReminders },
      }),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(customerId), saved);
      toast('success', text(saved.sendReminders ? 'remindersOn' : 'remindersOff'));
    },
    onError: (error) => toast('error', messageOf(error), text('notSaved')),
  });
  if (settings.isError)
    return (
      <Text size="sm" mt="lg">
        {text('remindersNotLoaded')}
      </Text>
    );
  return (
    <Switch
      label={text('sendReminders')}
      description={text('sendRemindersHint')}
      size="md"
      mt="lg"
      checked={save.isPending ? save.variables : (settings.data?.sendReminders ?? false)}
      disabled={!settings.data || save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}
