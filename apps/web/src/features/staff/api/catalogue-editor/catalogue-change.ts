import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../../lib/api-client.ts';
import { readStored } from '../../../../lib/storage.ts';
import { toast } from '../../../../lib/toasts.ts';

// What the changes of an event's catalogue share (issue 16; catalogueEditorApi in
// packages/shared).

/** After any change: the catalogue here, the event's counts, and what families see. */
export function useCatalogueRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** One mutation of the catalogue, with the toasts every change shows. */
export function useCatalogueChange<V, R>(
  run: (variables: V) => Promise<R>,
  done: string,
  failed: string,
) {
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => {
      void refresh();
      toast('success', done, 'Saved');
    },
    onError: (error) => toast('error', messageOf(error), failed),
  });
}

/** The signed-in organiser's token, for the spreadsheet calls made with fetch. */
export const bearer = (): Record<string, string> => {
  const token = readStored('token');
  return token ? { authorization: `Bearer ${token}` } : {};
};
