import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';

// The schools contestant forms offer (issue 16; schoolsApi in packages/shared).

/** One change of the list, with the toasts every change shows; the forms' list follows. */
export function useSchoolChange<V>(run: (variables: V) => Promise<unknown>, done: string) {
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
