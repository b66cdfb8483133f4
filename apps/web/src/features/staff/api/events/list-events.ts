import { eventsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

const eventsKey = ['staff', 'events'] as const;

export function useStaffEvents() {
  return useQuery({
    queryKey: eventsKey,
    queryFn: ({ signal }) => callApi(eventsApi.list, { signal }),
  });
}
