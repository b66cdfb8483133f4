import { familyDeskApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useDeskChange } from './family-desk-change.ts';

export const useRegenerateCertificates = (familyId: number) =>
  useDeskChange(
    (v: { orderItemId: number; feeApplies: boolean }) =>
      callApi(familyDeskApi.regenerateCertificates, {
        params: { id: familyId, orderItemId: v.orderItemId },
        body: { feeApplies: v.feeApplies },
      }),
    'Not regenerated',
  );
