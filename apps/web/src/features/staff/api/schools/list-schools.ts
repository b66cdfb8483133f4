import { schoolsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

const schoolsKey = ['staff', 'schools'] as const;

export function useSchools() {
  return useQuery({
    queryKey: schoolsKey,
    queryFn: ({ signal }) => callApi(schoolsApi.list, { signal }),
  });
}
