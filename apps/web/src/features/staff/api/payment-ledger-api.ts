import {
  endpointUrl,
  paymentLedgerApi,
  PAYMENTS_PAGE_SIZE,
  type MovementKind,
  type RecordAdjustment,
  type RecordManualPayment,
} from '@eisteddfod/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { readStored } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toasts.ts';

// The Payments screen and the dialogs that record money by hand (issue 17; paymentLedgerApi).

const key = ['staff', 'payments'] as const;

export interface PaymentFilters {
  eventId?: number | undefined;
  kind?: MovementKind | undefined;
  search: string;
}

export function usePayments(page: number, filters: PaymentFilters) {
  return useQuery({
    queryKey: [...key, 'list', page, filters.eventId, filters.kind, filters.search],
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

export function usePaymentNotifications(page: number, eventId: number | undefined) {
  return useQuery({
    queryKey: [...key, 'notifications', page, eventId],
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

export function useReconciliation(eventId: number | undefined) {
  return useQuery({
    queryKey: [...key, 'reconciliation', eventId],
    queryFn: ({ signal }) =>
      callApi(paymentLedgerApi.reconciliation, { query: { eventId }, signal }),
  });
}

export async function downloadPaymentsCsv(eventId: number | undefined): Promise<void> {
  const token = readStored('token');
  await saveDownload(
    endpointUrl(paymentLedgerApi.exportCsv, undefined, { eventId }),
    token ? { authorization: `Bearer ${token}` } : {},
    'payments.csv',
  );
}

/**
 * Money recorded by hand changes an order everywhere (its state, the family desk, the totals):
 * every query is read again.
 */
function useLedgerChange<V>(run: (variables: V) => Promise<unknown>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries(),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}

export const useRecordManualPayment = () =>
  useLedgerChange(
    (v: { orderId: number; payment: RecordManualPayment }) =>
      callApi(paymentLedgerApi.recordPayment, { params: { id: v.orderId }, body: v.payment }),
    'Payment not recorded',
  );

export const useRecordAdjustment = () =>
  useLedgerChange(
    (v: { orderId: number; adjustment: RecordAdjustment }) =>
      callApi(paymentLedgerApi.recordAdjustment, {
        params: { id: v.orderId },
        body: v.adjustment,
      }),
    'Not recorded',
  );
