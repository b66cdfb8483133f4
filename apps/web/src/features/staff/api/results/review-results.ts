import { staffApi, type Section } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

const resultsKey = (section: Section | undefined) =>
  ['staff', 'results', section ?? 'all'] as const;

export function useResultsReview(section: Section | undefined) {
  return useQuery({
    queryKey: resultsKey(section),
    queryFn: ({ signal }) => callApi(staffApi.results, { query: { section }, signal }),
    // Certificates are made by background jobs after publication: look again until every
    // published entry has them.
    refetchInterval: (query) =>
      query.state.data?.some((c) =>
        c.entries.some((e) => e.status === 'published' && e.certificates === 0),
      )
        ? 2000
        : false,
  });
}
