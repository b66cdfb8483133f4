import { staffMembersApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useStaffChange } from './staff-members-change.ts';

export const useDeactivateStaffMember = () =>
  useStaffChange(
    (id: number) => callApi(staffMembersApi.deactivate, { params: { id } }),
    'Not deactivated',
  );
