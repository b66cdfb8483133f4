import { paymentLedgerApi, PAYMENTS_PAGE_SIZE, type MovementKind } from '@eisteddfod/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { paymentsKey } from './ledger-change.ts';

export interface PaymentFilters {
  eventId?: number | undefined;
  kind?: MovementKind | undefined;
  search: string;
}

export function usePayments(page: number, filters: PaymentFilters) {
  return useQuery({
    queryKey: [...paymentsKey, 'list', page, filters.eventId, filters.kind, filters.search],
    queryFn: ({ signal }) =>
      callApi(paymentLedgerApi.payments, {
        query: {
          skip: (page - 1) * PAYMENTS_PAGE_SIZE,
          take: PAYMENTS_PAGE_SIZE,
          search: filters.search,
          eventId: filters.eventId,
          kind: filters.kind,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
