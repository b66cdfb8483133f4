import { staffMembersApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useStaffChange } from './staff-members-change.ts';

export const useReactivateStaffMember = () =>
  useStaffChange(
    (id: number) => callApi(staffMembersApi.reactivate, { params: { id } }),
    'Not reactivated',
  );
