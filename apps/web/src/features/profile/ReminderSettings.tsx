import { remindersApi } from '@eisteddfod/shared';
import { Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toasts.ts';

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
      toast(
        'success',
        saved.sendReminders ? 'You will get reminders.' : 'You will not get reminders.',
      );
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
  if (settings.isError)
    return (
      <Text size="sm" mt="lg">
        Your reminder setting could not be loaded. Please try again later.
      </Text>
    );
  return (
    <Switch
      label="Send me reminders"
      description="Emails and WhatsApp messages about an unpaid cart, entries without their main file or not finalised, and published results."
      size="md"
      mt="lg"
      checked={save.isPending ? save.variables : (settings.data?.sendReminders ?? false)}
      disabled={!settings.data || save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}
