import { staffMembersApi, type InviteStaffMember } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useStaffChange } from './staff-members-change.ts';

export const useInviteStaffMember = () =>
  useStaffChange(
    (invite: InviteStaffMember) => callApi(staffMembersApi.invite, { body: invite }),
    'Not invited',
  );
