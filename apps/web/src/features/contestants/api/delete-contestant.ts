import { contestantsApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toasts.ts';
import { contestantsQueryKey } from '../../../shared/contestants/contestants.ts';
import { contestantText, text } from '../text.ts';

/** Deletes a contestant; 409 when it has entered items. */
function deleteContestant(customerId: number, profileId: number) {
  return callApi(contestantsApi.remove, {
    params: { id: customerId, participantProfileId: profileId },
  });
}

export function useDeleteContestant(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) => deleteContestant(customerId, profileId),
    meta: { handlesErrors: true },
    onSuccess: () => toast('success', text('deleted')),
    onError: (error) => {
      // Items entered in another tab since the list was shown (spec 5, "Profile deletion").
      if (error instanceof ApiRequestError && error.body?.code === 'PROFILE_HAS_ITEMS') {
        toast('warning', contestantText('hasItems'));
      } else {
        handleHttpError(error);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contestantsQueryKey(customerId) }),
  });
}
