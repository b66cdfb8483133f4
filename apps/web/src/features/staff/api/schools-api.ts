import { schoolsApi } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// The schools contestant forms offer (issue 16; schoolsApi in packages/shared).

const schoolsKey = ['staff', 'schools'] as const;

export function useSchools() {
  return useQuery({
    queryKey: schoolsKey,
    queryFn: ({ signal }) => callApi(schoolsApi.list, { signal }),
  });
}

/** One change of the list, with the toasts every change shows; the forms' list follows. */
function useSchoolChange<V>(run: (variables: V) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries();
      toast('success', done, 'Saved');
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
}

export const useAddSchool = () =>
  useSchoolChange(
    (name: string) => callApi(schoolsApi.add, { body: { name } }),
    'The school was added.',
  );

export const useRenameSchool = () =>
  useSchoolChange(
    ({ id, name }: { id: number; name: string }) =>
      callApi(schoolsApi.rename, { params: { id }, body: { name } }),
    'The school was renamed; its contestants follow.',
  );

export const useMergeSchool = () =>
  useSchoolChange(
    ({ id, intoId }: { id: number; intoId: number }) =>
      callApi(schoolsApi.merge, { params: { id }, body: { intoId } }),
    'The schools were merged; the contestants follow.',
  );
