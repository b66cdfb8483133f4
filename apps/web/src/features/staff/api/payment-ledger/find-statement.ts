import { schoolStatementsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** The order a school's statement reference names, with what must be paid (decision 066). */
export function useStatementByReference(reference: string) {
  return useQuery({
    queryKey: ['staff', 'statement-reference', reference],
    queryFn: ({ signal }) =>
      callApi(schoolStatementsApi.byReference, { params: { reference }, signal }),
    enabled: reference !== '',
    retry: false,
  });
}
