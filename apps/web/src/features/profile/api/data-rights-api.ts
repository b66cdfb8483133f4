import { dataRightsApi, endpointUrl } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, callApi, messageOf } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { readStored } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toasts.ts';
import { text } from '../text.ts';

// A family's data rights on My Profile (decision 024; dataRightsApi in packages/shared).

const requestKey = (customerId: number) => ['data-rights', customerId] as const;

/** The family's pending request for erasure, if any. */
export function useErasureRequest(customerId: number) {
  return useQuery({
    queryKey: requestKey(customerId),
    queryFn: ({ signal }) =>
      callApi(dataRightsApi.familyRequest, { params: { id: customerId }, signal }),
  });
}

export function useRequestErasure(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(dataRightsApi.requestErasure, { params: { id: customerId } }),
    meta: { handlesErrors: true },
    onSuccess: (request) => queryClient.setQueryData(requestKey(customerId), { request }),
    onError: (error) => toast('error', messageOf(error), text('notSent')),
  });
}

/** The archive needs the bearer token, so it is fetched and handed to the browser as a file. */
export function useDownloadArchive(customerId: number) {
  return useMutation({
    mutationFn: () => {
      const token = readStored('token');
      return saveDownload(
        endpointUrl(dataRightsApi.archive, { id: customerId }),
        token ? { authorization: `Bearer ${token}` } : {},
        'eisteddfod-data.zip',
      );
    },
    meta: { handlesErrors: true },
    onError: (error) =>
      toast(
        'error',
        error instanceof ApiRequestError && error.status === 429
          ? text('downloadsTooMany')
          : messageOf(error),
        text('notDownloaded'),
      ),
  });
}
