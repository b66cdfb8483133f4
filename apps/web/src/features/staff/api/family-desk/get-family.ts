import { familyDeskApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

export const familyKey = (id: number) => ['staff', 'families', id] as const;

export function useFamily(id: number) {
  return useQuery({
    queryKey: familyKey(id),
    queryFn: ({ signal }) => callApi(familyDeskApi.get, { params: { id }, signal }),
  });
}
