import { ordersApi, uploadsApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toasts.ts';
import { entriesQueryRoot } from './participant-order-items.ts';
import { uploadText } from '../text.ts';

/**
 * A refusal the server explains (a passed deadline, a withdrawn entry, a missing main file) is
 * shown in its own words; anything else goes to the global handling of spec 8.
 */
export function showRefusal(error: unknown): void {
  if (
    error instanceof ApiRequestError &&
    error.body &&
    [400, 403, 409, 422].includes(error.status)
  ) {
    toast('warning', error.body.message);
    return;
  }
  handleHttpError(error);
}

/** The file leaves the list (spec 7). */
function deleteUpload(uploadId: number) {
  return callApi(uploadsApi.deleteUpload, { params: { id: uploadId } });
}

/** Finalises an entry: submittedForMarking (spec 4, Finalising). */
function finaliseEntry(orderItemId: number) {
  return callApi(ordersApi.updateItem, {
    params: { id: orderItemId },
    body: { submittedForMarking: true },
  });
}

/** Withdraws an entry (spec 4, Withdrawing). */
function withdrawEntry(orderItemId: number) {
  return callApi(uploadsApi.withdraw, { params: { id: orderItemId } });
}

function useEntryMutation<T>(action: (value: T) => Promise<unknown>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    meta: { handlesErrors: true },
    onSuccess: () => toast('success', success),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.code === 'MAIN_FILE_REQUIRED') {
        toast('warning', uploadText('mainFileRequired'));
        return;
      }
      showRefusal(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: entriesQueryRoot }),
  });
}

export const useDeleteUpload = () => useEntryMutation(deleteUpload, uploadText('deleted'));
export const useFinaliseEntry = () => useEntryMutation(finaliseEntry, uploadText('finalised'));
export const useWithdrawEntry = () => useEntryMutation(withdrawEntry, uploadText('withdrawn'));
