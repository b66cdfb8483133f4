import { eventsApi, type CopyEvent, type EventSettings } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// Organisers' event set-up (issue 16; eventsApi in packages/shared/src/endpoints).

const eventsKey = ['staff', 'events'] as const;
const eventKey = (id: number) => ['staff', 'events', id] as const;

export function useStaffEvents() {
  return useQuery({
    queryKey: eventsKey,
    queryFn: ({ signal }) => callApi(eventsApi.list, { signal }),
  });
}

export function useStaffEvent(id: number) {
  return useQuery({
    queryKey: eventKey(id),
    queryFn: ({ signal }) => callApi(eventsApi.get, { params: { id }, signal }),
  });
}

/** After any change: the lists, and what families see (the event, its catalogue). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useUpdateEvent(id: number) {
  const refresh = useRefresh();
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

export function useShiftDates(id: number) {
  const refresh = useRefresh();
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

export function useCopyEvent(fromId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (copy: CopyEvent) =>
      callApi(eventsApi.copy, { params: { id: fromId }, body: copy }),
    meta: { handlesErrors: true },
    onSuccess: (created) => {
      void refresh();
      toast('success', `${created.settings.name} was made. It is not live yet.`, 'Event copied');
    },
    onError: (error) => toast('error', messageOf(error), 'Not copied'),
  });
}

/** A new site's first event, from the demo event (not live). */
export function useStartFromDemo() {
  const refresh = useRefresh();
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

export function useMakeLive(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callApi(eventsApi.makeLive, { params: { id } }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void refresh();
      toast('success', 'Families now see this event.', 'Event live');
    },
    onError: (error) => toast('error', messageOf(error), 'Not made live'),
  });
}
