import { eventsApi, type EventSettings } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useEventsRefresh } from './events-change.ts';

export function useUpdateEvent(id: number) {
  const refresh = useEventsRefresh();
  return useMutation({
    mutationFn: (settings: EventSettings) =>
      callApi(eventsApi.update, { params: { id }, body: settings }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void refresh();
      toast('success', 'The event’s settings were saved.', 'Saved');
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
}
