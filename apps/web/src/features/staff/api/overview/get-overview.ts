import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** The organiser's overview on the staff home page (issue 9; staffApi in packages/shared/src/endpoints). */
export function useOverview() {
  return useQuery({
    queryKey: ['staff', 'overview'],
    queryFn: ({ signal }) => callApi(staffApi.overview, { signal }),
  });
}
