import { resultsDayApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** Every result of one of the family's contestants, with certificates and titles. */
export function useContestantResults(contestantId: number) {
  return useQuery({
    queryKey: ['contestant-results', contestantId],
    queryFn: ({ signal }) =>
      callApi(resultsDayApi.contestantResults, { params: { id: contestantId }, signal }),
    // The page says what went wrong itself (a 404 is another family's contestant).
    meta: { handlesErrors: true },
    retry: false,
  });
}
