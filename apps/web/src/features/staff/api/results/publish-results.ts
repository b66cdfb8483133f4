import { staffApi, type Section } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { count } from './results-count.ts';

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (section: Section | undefined) =>
      callApi(staffApi.publish, { body: section ? { section } : {} }),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'results'] });
      toast(
        'success',
        `${count(outcome.published, 'result', 'results')} published, certificates on their way for ${count(outcome.certificates, 'entry', 'entries')}, ${count(outcome.familiesNotified, 'family', 'families')} told.`,
        'Published',
      );
    },
  });
}
