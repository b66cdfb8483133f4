import { familyDeskApi, type CorrectContestant } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useDeskChange } from './family-desk-change.ts';

export const useCorrectContestant = (familyId: number) =>
  useDeskChange(
    (v: { contestantId: number; body: CorrectContestant }) =>
      callApi(familyDeskApi.correctContestant, {
        params: { id: familyId, contestantId: v.contestantId },
        body: v.body,
      }),
    'Not corrected',
  );
