import { siteContentApi, type SiteContent } from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// The home page's words and the FAQ of one event (issue 16; siteContentApi in packages/shared).

export function useSiteContent(eventId: number) {
  return useQuery({
    queryKey: ['staff', 'events', eventId, 'content'],
    queryFn: ({ signal }) => callApi(siteContentApi.get, { params: { id: eventId }, signal }),
  });
}

export function usePublishSiteContent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: SiteContent) =>
      callApi(siteContentApi.publish, { params: { id: eventId }, body: content }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      // The public site's copy too: the home page shows the change on the next visit.
      void queryClient.invalidateQueries();
      toast('success', 'The home page and the FAQ now show these words.', 'Published');
    },
    onError: (error) => toast('error', messageOf(error), 'Not published'),
  });
}
