import { eventsApi } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useEventsRefresh } from './events-change.ts';

export function useMakeLive(id: number) {
  const refresh = useEventsRefresh();
  return useMutation({
    /** `oldYearTextsAccepted`: the organiser makes it live with texts naming the old year. */
    mutationFn: (oldYearTextsAccepted: boolean) =>
      callApi(eventsApi.makeLive, { params: { id }, body: { oldYearTextsAccepted } }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void refresh();
      toast('success', 'Families now see this event.', 'Event live');
    },
    onError: (error) => toast('error', messageOf(error), 'Not made live'),
  });
}
