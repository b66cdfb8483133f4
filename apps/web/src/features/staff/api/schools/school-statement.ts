import { schoolStatementsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** A school's statement in the live event: each teacher's order and the totals (decision 066). */
export function useSchoolStatement(id: number) {
  return useQuery({
    queryKey: ['staff', 'schools', id, 'statement'],
    queryFn: ({ signal }) => callApi(schoolStatementsApi.school, { params: { id }, signal }),
  });
}
