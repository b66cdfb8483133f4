import { familyDeskApi, type ChangeEntryItem } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useDeskChange } from './family-desk-change.ts';

export const useChangeEntryItem = (familyId: number) =>
  useDeskChange(
    (v: { orderItemId: number; body: ChangeEntryItem }) =>
      callApi(familyDeskApi.changeEntryItem, {
        params: { id: familyId, orderItemId: v.orderItemId },
        body: v.body,
      }),
    'Not changed',
  );
