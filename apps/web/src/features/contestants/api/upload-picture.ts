import { uploadsApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiUpload } from '../../../lib/api-client.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toasts.ts';
import { contestantsQueryKey } from '../../../shared/contestants/contestants.ts';

/**
 * A profile picture (spec 7, Uploads): NewUploadFiles for a contestant not yet created, whose
 * answer `name` is then sent as profilePicture; UploadFiles for an existing contestant, which
 * attaches the picture at once and replaces the old one.
 */
function uploadPicture(file: File, contestantId?: number) {
  const endpoint = contestantId ? uploadsApi.uploadPicture : uploadsApi.uploadNewPicture;
  return apiUpload(endpoint, file, {
    orderId: '0',
    orderItemId: '0',
    participantId: String(contestantId ?? 0),
  });
}

/**
 * Answers the server's refusal of a file (too large, wrong type, content that does not match,
 * unreadable) with its own words; anything else goes to the global handling of spec 8.
 */
function showUploadError(error: unknown): void {
  if (error instanceof ApiRequestError && [400, 413, 415].includes(error.status) && error.body) {
    toast('warning', error.body.message);
    return;
  }
  handleHttpError(error);
}

export function useUploadPicture(customerId: number, contestantId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPicture(file, contestantId),
    meta: { handlesErrors: true },
    onError: showUploadError,
    onSuccess: () => {
      // An existing contestant's picture changed: the cards show the new one.
      if (contestantId) {
        return queryClient.invalidateQueries({ queryKey: contestantsQueryKey(customerId) });
      }
    },
  });
}
