import { staffApi, type Section } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** Who publishing the section (or 'all') tells: asked for while its dialog is open. */
export function usePublishPreview(section: Section | 'all' | null) {
  return useQuery({
    queryKey: ['staff', 'results', 'publish-preview', section ?? 'none'],
    queryFn: ({ signal }) =>
      callApi(staffApi.publishPreview, {
        query: { section: section === 'all' || section === null ? undefined : section },
        signal,
      }),
    enabled: section !== null,
    staleTime: 0,
  });
}
