import { staffMembersApi, type InviteStaffMember } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// Who may sign in as staff (issue 16; staffMembersApi in packages/shared).

const membersKey = ['staff', 'members'] as const;

export function useStaffMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: ({ signal }) => callApi(staffMembersApi.list, { signal }),
  });
}

/**
 * After a change: the list, the adjudicators' screen (an invited adjudicator is on it) and the
 * audit log are read again.
 */
function useStaffChange<V>(run: (variables: V) => Promise<unknown>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}

export const useInviteStaffMember = () =>
  useStaffChange(
    (invite: InviteStaffMember) => callApi(staffMembersApi.invite, { body: invite }),
    'Not invited',
  );

export const useDeactivateStaffMember = () =>
  useStaffChange(
    (id: number) => callApi(staffMembersApi.deactivate, { params: { id } }),
    'Not deactivated',
  );

export const useReactivateStaffMember = () =>
  useStaffChange(
    (id: number) => callApi(staffMembersApi.reactivate, { params: { id } }),
    'Not reactivated',
  );
