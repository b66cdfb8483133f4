import { paymentLedgerApi, type RecordAdjustment } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useLedgerChange } from './ledger-change.ts';

export const useRecordAdjustment = () =>
  useLedgerChange(
    (v: { orderId: number; adjustment: RecordAdjustment }) =>
      callApi(paymentLedgerApi.recordAdjustment, {
        params: { id: v.orderId },
        body: v.adjustment,
      }),
    'Not recorded',
  );
