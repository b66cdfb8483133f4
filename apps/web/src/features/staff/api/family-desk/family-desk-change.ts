import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';

// The family desk (issue 17; familyDeskApi in packages/shared).

/** A change at the desk: the family's page is read again, and the audit log after it. */
export function useDeskChange<V, R>(run: (v: V) => Promise<R>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}
