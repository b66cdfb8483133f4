import { paymentLedgerApi, type RecordManualPayment } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useLedgerChange } from './ledger-change.ts';

export const useRecordManualPayment = () =>
  useLedgerChange(
    (v: { orderId: number; payment: RecordManualPayment }) =>
      callApi(paymentLedgerApi.recordPayment, { params: { id: v.orderId }, body: v.payment }),
    'Payment not recorded',
  );
