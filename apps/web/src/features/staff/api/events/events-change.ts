import { useQueryClient } from '@tanstack/react-query';

// Organisers' event set-up (issue 16; eventsApi in packages/shared/src/endpoints).

/** After any change: the lists, and what families see (the event, its catalogue). */
export function useEventsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
