import { siteContentApi, type SiteContent } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';

export function usePublishSiteContent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: SiteContent) =>
      callApi(siteContentApi.publish, { params: { id: eventId }, body: content }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      // The public site's copy too: the home page shows the change on the next visit.
      void queryClient.invalidateQueries();
      toast('success', 'The home page and its documents now show these changes.', 'Published');
    },
    onError: (error) => toast('error', messageOf(error), 'Not published'),
  });
}
