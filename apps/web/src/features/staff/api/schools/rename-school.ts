import { schoolsApi, type SchoolKind } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useSchoolChange } from './schools-change.ts';

export const useRenameSchool = () =>
  useSchoolChange(
    ({ id, name, kind }: { id: number; name: string; kind?: SchoolKind }) =>
      callApi(schoolsApi.rename, { params: { id }, body: { name, kind } }),
    'The school was changed; its contestants follow.',
  );
