import { schoolsApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useSchoolChange } from './schools-change.ts';

export const useMergeSchool = () =>
  useSchoolChange(
    ({ id, intoId }: { id: number; intoId: number }) =>
      callApi(schoolsApi.merge, { params: { id }, body: { intoId } }),
    'The schools were merged; the contestants follow.',
  );
