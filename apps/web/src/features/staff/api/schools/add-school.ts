import { schoolsApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useSchoolChange } from './schools-change.ts';

export const useAddSchool = () =>
  useSchoolChange(
    (name: string) => callApi(schoolsApi.add, { body: { name } }),
    'The school was added.',
  );
