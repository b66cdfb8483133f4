import { eventsApi } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useEventsRefresh } from './events-change.ts';

export function useShiftDates(id: number) {
  const refresh = useEventsRefresh();
  return useMutation({
    mutationFn: (days: number) => callApi(eventsApi.shiftDates, { params: { id }, body: { days } }),
    meta: { handlesErrors: true },
    onSuccess: (_event, days) => {
      void refresh();
      toast(
        'success',
        `Every date and due date moved ${Math.abs(days)} days ${days > 0 ? 'later' : 'earlier'}.`,
        'Dates moved',
      );
    },
    onError: (error) => toast('error', messageOf(error), 'Dates not moved'),
  });
}
