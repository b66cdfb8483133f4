import { classResultsApi, endpointUrl } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, messageOf } from '../../../../lib/api-client.ts';
import { saveDownload } from '../../../../lib/download.ts';
import { readStored } from '../../../../lib/storage.ts';
import { toast } from '../../../../lib/toasts.ts';
import { text } from '../text.ts';

type Pack = 'resultsCsv' | 'certificatesZip';
const FALLBACK: Record<Pack, string> = {
  resultsCsv: 'class-results.csv',
  certificatesZip: 'class-certificates.zip',
};

/**
 * A class's results CSV or certificates ZIP after the release (decision 067): they need the
 * bearer token, so each is fetched and handed to the browser as a file.
 */
export function useDownloadClassPack(customerId: number, membershipId: number) {
  return useMutation({
    mutationFn: (pack: Pack) => {
      const token = readStored('token');
      return saveDownload(
        endpointUrl(classResultsApi[pack], { id: customerId, membershipId }),
        token ? { authorization: `Bearer ${token}` } : {},
        FALLBACK[pack],
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
