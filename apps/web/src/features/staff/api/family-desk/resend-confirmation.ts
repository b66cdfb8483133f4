import { familyDeskApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useDeskChange } from './family-desk-change.ts';

export const useResendConfirmation = (familyId: number) =>
  useDeskChange(
    (orderId: number) =>
      callApi(familyDeskApi.resendConfirmation, { params: { id: familyId, orderId } }),
    'Not sent',
  );
