import { staffMembersApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

const membersKey = ['staff', 'members'] as const;

export function useStaffMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: ({ signal }) => callApi(staffMembersApi.list, { signal }),
  });
}
