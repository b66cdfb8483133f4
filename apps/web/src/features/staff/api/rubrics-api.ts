import { rubricsApi, type SaveRubric, type Section } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// Each section's marking rubric (issue 16; rubricsApi in packages/shared).

const rubricsKey = (eventId: number) => ['staff', 'events', eventId, 'rubrics'] as const;

export function useRubrics(eventId: number) {
  return useQuery({
    queryKey: rubricsKey(eventId),
    queryFn: ({ signal }) => callApi(rubricsApi.list, { params: { id: eventId }, signal }),
  });
}

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
