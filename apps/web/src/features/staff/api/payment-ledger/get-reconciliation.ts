import { paymentLedgerApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { paymentsKey } from './ledger-change.ts';

export function useReconciliation(eventId: number | undefined) {
  return useQuery({
    queryKey: [...paymentsKey, 'reconciliation', eventId],
    queryFn: ({ signal }) =>
      callApi(paymentLedgerApi.reconciliation, { query: { eventId }, signal }),
  });
}
