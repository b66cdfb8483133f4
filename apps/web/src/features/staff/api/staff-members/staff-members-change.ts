import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';

// Who may sign in as staff (issue 16; staffMembersApi in packages/shared).

/**
 * After a change: the list, the adjudicators' screen (an invited adjudicator is on it) and the
 * audit log are read again.
 */
export function useStaffChange<V>(run: (variables: V) => Promise<unknown>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}
