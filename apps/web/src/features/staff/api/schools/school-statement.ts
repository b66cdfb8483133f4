import { endpointUrl, schoolStatementsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { saveDownload } from '../../../../lib/download.ts';
import { readStored } from '../../../../lib/storage.ts';

/** A school's statement in the live event: each teacher's order and the totals (decision 066). */
export function useSchoolStatement(id: number) {
  return useQuery({
    queryKey: ['staff', 'schools', id, 'statement'],
    queryFn: ({ signal }) => callApi(schoolStatementsApi.school, { params: { id }, signal }),
  });
}

/** The school's statement PDF: the bearer token is needed, so it is fetched and handed over. */
export async function downloadSchoolStatement(id: number): Promise<void> {
  const token = readStored('token');
  await saveDownload(
    endpointUrl(schoolStatementsApi.schoolPdfForStaff, { id }),
    token ? { authorization: `Bearer ${token}` } : {},
    'school-statement.pdf',
  );
}
