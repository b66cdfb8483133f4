import { familyDeskApi } from '@eisteddfod/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

export function useFamilySearch(q: string, page: number, take: number) {
  return useQuery({
    queryKey: ['staff', 'families', 'search', q, page],
    queryFn: ({ signal }) =>
      callApi(familyDeskApi.search, { query: { q, skip: (page - 1) * take, take }, signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
