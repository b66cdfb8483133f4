import { EventContentSchema, EventSummarySchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const PublicSiteSchema = z.object({
  event: EventSummarySchema,
  content: EventContentSchema,
});
export type PublicSite = z.infer<typeof PublicSiteSchema>;

/** GET /api/content: the current event (dates, fees) and the public site's words and pictures. */
export function fetchPublicSite(signal?: AbortSignal): Promise<PublicSite> {
  return apiRequest('/api/content', PublicSiteSchema, signal ? { signal } : {});
}

const publicSiteQuery = {
  queryKey: ['public-site'],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPublicSite(signal),
  // The content changes once a year; the server caches it for a minute.
  staleTime: 10 * 60_000,
};

/** The public site's content, fetched once and shared by every public page. */
export function usePublicSite() {
  return useQuery(publicSiteQuery);
}

/**
 * The public site's content only when a page has already loaded it: the footer shows the event's
 * social links then, without making every screen (and its loading overlay) wait for them.
 */
export function useLoadedPublicSite() {
  return useQuery({ ...publicSiteQuery, enabled: false });
}
