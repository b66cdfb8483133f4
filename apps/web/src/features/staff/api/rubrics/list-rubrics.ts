import { rubricsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { rubricsKey } from './rubric-keys.ts';

export function useRubrics(eventId: number) {
  return useQuery({
    queryKey: rubricsKey(eventId),
    queryFn: ({ signal }) => callApi(rubricsApi.list, { params: { id: eventId }, signal }),
  });
}
