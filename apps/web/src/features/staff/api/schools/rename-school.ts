import { schoolsApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useSchoolChange } from './schools-change.ts';

export const useRenameSchool = () =>
  useSchoolChange(
    ({ id, name }: { id: number; name: string }) =>
      callApi(schoolsApi.rename, { params: { id }, body: { name } }),
    'The school was renamed; its contestants follow.',
  );
