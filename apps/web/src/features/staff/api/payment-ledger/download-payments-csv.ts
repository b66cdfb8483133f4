import { endpointUrl, paymentLedgerApi } from '@eisteddfod/shared';
import { saveDownload } from '../../../../lib/download.ts';
import { readStored } from '../../../../lib/storage.ts';

export async function downloadPaymentsCsv(eventId: number | undefined): Promise<void> {
  const token = readStored('token');
  await saveDownload(
    endpointUrl(paymentLedgerApi.exportCsv, undefined, { eventId }),
    token ? { authorization: `Bearer ${token}` } : {},
    'payments.csv',
  );
}
