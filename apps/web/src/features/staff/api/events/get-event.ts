import { eventsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

const eventKey = (id: number) => ['staff', 'events', id] as const;

export function useStaffEvent(id: number) {
  return useQuery({
    queryKey: eventKey(id),
    queryFn: ({ signal }) => callApi(eventsApi.get, { params: { id }, signal }),
  });
}
