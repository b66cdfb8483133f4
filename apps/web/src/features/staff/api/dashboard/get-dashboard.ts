import { dashboardApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** The organiser's dashboard of an event (issue 17; dashboardApi in packages/shared). */
export function useDashboard(eventId: number | undefined) {
  return useQuery({
    queryKey: ['staff', 'dashboard', eventId] as const,
    queryFn: ({ signal }) =>
      callApi(dashboardApi.get, { query: { eventId: eventId ?? 0 }, signal }),
    enabled: eventId !== undefined,
  });
}
