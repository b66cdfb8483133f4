import { rubricsApi, type SaveRubric, type Section } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { rubricsKey } from './rubric-keys.ts';

export function useSaveRubric(eventId: number, section: Section) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rubric: SaveRubric) =>
      callApi(rubricsApi.save, { params: { id: eventId, section }, body: rubric }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rubricsKey(eventId) });
      toast('success', `The ${section} rubric was saved.`, 'Saved');
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
}
