import { familyDeskApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useDeskChange } from './family-desk-change.ts';

export const useLetInEarly = (familyId: number) =>
  useDeskChange(() => callApi(familyDeskApi.letInEarly, { params: { id: familyId } }), 'Not saved');
