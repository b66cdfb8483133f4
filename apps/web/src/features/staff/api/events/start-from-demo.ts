import { eventsApi } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useEventsRefresh } from './events-change.ts';

/** A new site's first event, from the demo event (not live). */
export function useStartFromDemo() {
  const refresh = useEventsRefresh();
  return useMutation({
    mutationFn: () => callApi(eventsApi.startFromDemo, {}),
    meta: { handlesErrors: true },
    onSuccess: (created) => {
      void refresh();
      toast('success', `${created.settings.name} was made. It is not live yet.`, 'Event started');
    },
    onError: (error) => toast('error', messageOf(error), 'Not started'),
  });
}
