import {
  endpointUrl,
  siteContentApi,
  SiteImageSchema,
  type SiteContent,
  type SiteImage,
  type SiteImageKind,
} from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/api-fetch.ts';
import { readStored } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toasts.ts';

// The public site of one event as organisers edit it (issue 16; siteContentApi in
// packages/shared): its words and FAQ, the gallery, the schools and the adjudicators.

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
      toast('success', 'The home page and its documents now show these changes.', 'Published');
    },
    onError: (error) => toast('error', messageOf(error), 'Not published'),
  });
}

/**
 * Sends a picture for the site (multipart, field `file`); the answer names it for the content.
 * Anyone holding its new name can load it at once; the site names it once it is published.
 */
export function useUploadSiteImage(eventId: number, kind: SiteImageKind) {
  return useMutation({
    mutationFn: async (file: File): Promise<SiteImage> => {
      const body = new FormData();
      body.append('file', file, file.name);
      const token = readStored('token');
      const response = await fetch(
        endpointUrl(siteContentApi.uploadImage, { id: eventId }, { kind }),
        {
          method: 'POST',
          headers: {
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body,
        },
      );
      return readAnswer(response, (data) => SiteImageSchema.parse(data));
    },
    meta: { handlesErrors: true },
  });
}
