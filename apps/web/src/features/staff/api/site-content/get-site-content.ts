import { siteContentApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/**
 * The public site of one event as organisers edit it (issue 16; siteContentApi in
 * packages/shared): its words and FAQ, the gallery, the schools and the adjudicators.
 */
export function useSiteContent(eventId: number) {
  return useQuery({
    queryKey: ['staff', 'events', eventId, 'content'],
    queryFn: ({ signal }) => callApi(siteContentApi.get, { params: { id: eventId }, signal }),
  });
}
