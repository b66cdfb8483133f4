import { paymentLedgerApi, PAYMENTS_PAGE_SIZE } from '@eisteddfod/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { paymentsKey } from './ledger-change.ts';

export function usePaymentNotifications(page: number, eventId: number | undefined) {
  return useQuery({
    queryKey: [...paymentsKey, 'notifications', page, eventId],
    queryFn: ({ signal }) =>
      callApi(paymentLedgerApi.notifications, {
        query: {
          skip: (page - 1) * PAYMENTS_PAGE_SIZE,
          take: PAYMENTS_PAGE_SIZE,
          eventId,
          failedOnly: false,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
