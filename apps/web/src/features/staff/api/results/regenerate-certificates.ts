import { staffApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { count } from './results-count.ts';

export function useRegenerateCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderItemId: number) =>
      callApi(staffApi.regenerateCertificates, { params: { orderItemId } }),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'results'] });
      toast(
        'success',
        `${count(outcome.certificates, 'certificate', 'certificates')} made again.`,
        'Success',
      );
    },
  });
}
