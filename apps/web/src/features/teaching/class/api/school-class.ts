import {
  ClassListReportSchema,
  endpointUrl,
  schoolClassesApi,
  type AddLearner,
  type ClassListCommit,
  type ClassListReport,
  type UpdateLearner,
} from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { readAnswer } from '../../../../lib/api-fetch.ts';
import { readStored } from '../../../../lib/storage.ts';
import { toast } from '../../../../lib/toasts.ts';

const classKey = (membershipId: number) => ['school-class', membershipId] as const;

/** A class's learners, the teacher's own or (for a coordinator) one of their school. */
export function useSchoolClass(customerId: number, membershipId: number) {
  return useQuery({
    queryKey: classKey(membershipId),
    queryFn: ({ signal }) =>
      callApi(schoolClassesApi.view, { params: { id: customerId, membershipId }, signal }),
  });
}

function useRefresh(membershipId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classKey(membershipId) });
}

/** Adds a learner; the form shows a refusal (a duplicate, a check) itself. */
export function useAddLearner(customerId: number, membershipId: number) {
  const refresh = useRefresh(membershipId);
  return useMutation({
    mutationFn: (learner: AddLearner) =>
      callApi(schoolClassesApi.add, { params: { id: customerId, membershipId }, body: learner }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

export function useUpdateLearner(customerId: number, membershipId: number) {
  const refresh = useRefresh(membershipId);
  return useMutation({
    mutationFn: ({ learnerId, learner }: { learnerId: number; learner: UpdateLearner }) =>
      callApi(schoolClassesApi.update, {
        params: { id: customerId, membershipId, learnerId },
        body: learner,
      }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

export function useRemoveLearner(customerId: number, membershipId: number) {
  const refresh = useRefresh(membershipId);
  return useMutation({
    mutationFn: (learnerId: number) =>
      callApi(schoolClassesApi.remove, { params: { id: customerId, membershipId, learnerId } }),
    meta: { handlesErrors: true },
    onError: (error) => toast('warning', messageOf(error)),
    onSettled: refresh,
  });
}

/** The dry run of a class list: every row with its problems and matches; nothing is written. */
export function useCheckClassList(customerId: number, membershipId: number) {
  return useMutation({
    mutationFn: async (file: File): Promise<ClassListReport> => {
      const body = new FormData();
      body.append('file', file, file.name);
      const token = readStored('token');
      const response = await fetch(
        endpointUrl(schoolClassesApi.checkList, { id: customerId, membershipId }),
        {
          method: 'POST',
          headers: {
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body,
        },
      );
      return readAnswer(response, (data) => ClassListReportSchema.parse(data));
    },
    meta: { handlesErrors: true },
  });
}

/** Adds the checked rows the teacher keeps, all or none. */
export function useAddClassList(customerId: number, membershipId: number) {
  const refresh = useRefresh(membershipId);
  return useMutation({
    mutationFn: (list: ClassListCommit) =>
      callApi(schoolClassesApi.addList, { params: { id: customerId, membershipId }, body: list }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}
