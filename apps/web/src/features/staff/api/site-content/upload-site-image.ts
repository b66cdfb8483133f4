import {
  endpointUrl,
  siteContentApi,
  SiteImageSchema,
  type SiteImage,
  type SiteImageKind,
} from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { readAnswer } from '../../../../lib/api-fetch.ts';
import { readStored } from '../../../../lib/storage.ts';

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
