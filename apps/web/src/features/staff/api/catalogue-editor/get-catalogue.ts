import { catalogueEditorApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

const catalogueKey = (eventId: number) => ['staff', 'events', eventId, 'catalogue'] as const;

/** An event's catalogue as organisers edit it (issue 16; catalogueEditorApi in packages/shared). */
export function useStaffCatalogue(eventId: number) {
  return useQuery({
    queryKey: catalogueKey(eventId),
    queryFn: ({ signal }) => callApi(catalogueEditorApi.get, { params: { id: eventId }, signal }),
  });
}
