import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/**
 * The organiser's task list (issue 34), asked again when the overview comes back into view: a
 * task worked on another screen shows done on return.
 */
export function useSeasonTasks() {
  return useQuery({
    queryKey: ['staff', 'season-tasks'],
    queryFn: ({ signal }) => callApi(staffApi.seasonTasks, { signal }),
    refetchOnMount: 'always',
  });
}
