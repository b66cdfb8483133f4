import { staffApi, type MarkingEntrySummary, type SaveMark } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { markingEntryKey, markingListKey } from './marking-keys.ts';

export function useSaveMark(orderItemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: SaveMark) =>
      callApi(staffApi.saveMark, { params: { orderItemId }, body: mark }),
    meta: { handlesErrors: true },
    onSuccess: (entry, mark) => {
      queryClient.setQueryData(markingEntryKey(orderItemId), entry);
      // The progress counts it at once; the list is read again behind.
      queryClient.setQueryData<MarkingEntrySummary[]>(markingListKey, (list) =>
        list?.map((e) =>
          e.orderItemId === orderItemId ? { ...e, status: entry.status, total: entry.total } : e,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: markingListKey, exact: true });
      toast('success', mark.submit ? 'Mark submitted' : 'Draft saved', 'Success');
    },
    onError: (error) => {
      const message = messageOf(error);
      toast('error', message, 'The mark was not saved');
    },
  });
}
