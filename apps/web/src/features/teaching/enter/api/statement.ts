import { endpointUrl, schoolStatementsApi } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { saveDownload } from '../../../../lib/download.ts';
import { readStored } from '../../../../lib/storage.ts';
import { cartQueryKey } from '../../../../shared/cart/api/cart.ts';

const statementKey = (customerId: number, membershipId: number) =>
  ['class-statement', customerId, membershipId] as const;

/** The class's orders with total, paid, owed and refunded (decision 066). */
export function useClassStatement(customerId: number, membershipId: number) {
  return useQuery({
    queryKey: statementKey(customerId, membershipId),
    queryFn: ({ signal }) =>
      callApi(schoolStatementsApi.statement, { params: { id: customerId, membershipId }, signal }),
  });
}

/** Pays the caller's order by EFT: its price is frozen; the answer is the statement again. */
export function usePayByEft(customerId: number, membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      callApi(schoolStatementsApi.payByEft, { params: { id: customerId, membershipId, orderId } }),
    onSuccess: async (statement) => {
      queryClient.setQueryData(statementKey(customerId, membershipId), statement);
      await queryClient.invalidateQueries({ queryKey: cartQueryKey(customerId) });
    },
  });
}

/** The order's statement PDF, saved as the server names it. */
export async function downloadStatement(
  customerId: number,
  membershipId: number,
  orderId: number,
): Promise<void> {
  const token = readStored('token');
  await saveDownload(
    endpointUrl(schoolStatementsApi.pdf, { id: customerId, membershipId, orderId }),
    token ? { authorization: `Bearer ${token}` } : {},
    'statement.pdf',
  );
}

/** The school's statement across its teachers (its coordinator's), saved as the server names it. */
export async function downloadSchoolStatement(
  customerId: number,
  membershipId: number,
): Promise<void> {
  const token = readStored('token');
  await saveDownload(
    endpointUrl(schoolStatementsApi.schoolPdf, { id: customerId, membershipId }),
    token ? { authorization: `Bearer ${token}` } : {},
    'school-statement.pdf',
  );
}
