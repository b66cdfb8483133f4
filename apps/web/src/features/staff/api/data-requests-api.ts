import { dataRightsApi } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// Families' requests for erasure (decision 024; dataRightsApi in packages/shared).

export function useDataRequests() {
  return useQuery({
    queryKey: ['staff', 'data-requests'],
    queryFn: ({ signal }) => callApi(dataRightsApi.list, { signal }),
  });
}

/** After an erasure everything about the family changed: every staff screen reads again. */
export function useCarryOutErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(dataRightsApi.erase, { params: { id } }),
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
    onError: (error) => toast('error', messageOf(error), 'Not erased'),
  });
}
