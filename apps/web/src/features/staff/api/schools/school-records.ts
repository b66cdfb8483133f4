import { classEntriesApi, schoolsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { useSchoolChange } from './schools-change.ts';

// Schools as records (decision 061): a school's page, and typed names no school is linked for.

export function useSchoolPage(id: number) {
  return useQuery({
    queryKey: ['staff', 'schools', id],
    queryFn: ({ signal }) => callApi(schoolsApi.school, { params: { id }, signal }),
  });
}

export function useUnlinkedSchoolNames() {
  return useQuery({
    queryKey: ['staff', 'school-names', 'unlinked'],
    queryFn: ({ signal }) => callApi(schoolsApi.unlinked, { signal }),
  });
}

export const useLinkSchoolName = () =>
  useSchoolChange(
    ({ id, name }: { id: number; name: string }) =>
      callApi(schoolsApi.link, { params: { id }, body: { name } }),
    'The contestants were linked to the school.',
  );

/** A school's classes in the live event, with entries by state (decision 068). */
export function useSchoolClasses(id: number) {
  return useQuery({
    queryKey: ['staff', 'schools', id, 'classes'],
    queryFn: ({ signal }) => callApi(classEntriesApi.schoolClasses, { params: { id }, signal }),
  });
}
