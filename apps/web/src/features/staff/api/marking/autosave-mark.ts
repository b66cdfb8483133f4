import { staffApi, type MarkingEntry, type SaveMark } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { markingEntryKey, markingListKey } from './marking-keys.ts';

/**
 * A draft saved while the adjudicator types (decision 058): the same request as Save draft, but
 * quiet: the page says "Draft saved hh:mm" or why not, instead of a toast each time.
 */
export function useAutosaveMark(orderItemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: SaveMark) =>
      callApi(staffApi.saveMark, { params: { orderItemId }, body: mark }),
    meta: { handlesErrors: true },
    onSuccess: (entry: MarkingEntry) => {
      queryClient.setQueryData(markingEntryKey(orderItemId), entry);
      void queryClient.invalidateQueries({ queryKey: markingListKey, exact: true });
    },
  });
}
