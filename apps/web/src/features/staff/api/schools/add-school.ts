import { schoolsApi, type SchoolKind } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useSchoolChange } from './schools-change.ts';

export const useAddSchool = () =>
  useSchoolChange(
    ({ name, kind }: { name: string; kind: SchoolKind }) =>
      callApi(schoolsApi.add, { body: { name, kind } }),
    'The school was added.',
  );
