import { staffTeachersApi, type ApproveMembership, type MembershipRole } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { useSchoolChange } from '../schools/schools-change.ts';

// Teachers' requests to act for a school and the organisers' decisions (decision 061).

export function useTeachers() {
  return useQuery({
    queryKey: ['staff', 'teachers'],
    queryFn: ({ signal }) => callApi(staffTeachersApi.list, { signal }),
  });
}

export const useApproveTeacher = () =>
  useSchoolChange(
    ({ id, body }: { id: number; body: ApproveMembership }) =>
      callApi(staffTeachersApi.approve, { params: { membershipId: id }, body }),
    'The teacher was approved.',
  );

export const useRefuseTeacher = () =>
  useSchoolChange(
    ({ id, reason }: { id: number; reason: string }) =>
      callApi(staffTeachersApi.refuse, { params: { membershipId: id }, body: { reason } }),
    'The request was refused; the teacher sees why.',
  );

export const useEndTeacher = () =>
  useSchoolChange(
    (id: number) => callApi(staffTeachersApi.end, { params: { membershipId: id } }),
    'The membership ended; the learners stay with the teacher’s account.',
  );

export const useTeacherRole = () =>
  useSchoolChange(
    ({ id, role }: { id: number; role: MembershipRole }) =>
      callApi(staffTeachersApi.role, { params: { membershipId: id }, body: { role } }),
    'The role was changed.',
  );
