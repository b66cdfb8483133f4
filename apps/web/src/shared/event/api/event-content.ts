import {
  checkEventContent,
  checkEventSummary,
  contentIn,
  PUBLIC_SITE_PATHS,
  type EventContent,
  type EventSummary,
} from '@eisteddfod/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { readerLocale } from '../../../lib/i18n/catalogue.ts';

export interface PublicSite {
  event: EventSummary;
  content: EventContent;
}

/**
 * The answer checked by hand against EventSummarySchema's and EventContentSchema's rules: the
 * footer and the home page need it on a first visit, and zod would add 25 KB gzipped to it.
 */
function readPublicSite(data: unknown): PublicSite {
  if (typeof data !== 'object' || data === null) {
    throw new TypeError('Unexpected answer: the public site is not an object');
  }
  const { event, content } = data as Record<string, unknown>;
  return { event: checkEventSummary(event), content: checkEventContent(content) };
}

/** The current event (dates, fees) and the public site's words and pictures. */
function fetchPublicSite(signal?: AbortSignal): Promise<PublicSite> {
  // Checked without zod (above), so the address comes without the endpoint's definition.
  return apiFetch(PUBLIC_SITE_PATHS.content, readPublicSite, signal ? { signal } : {});
}

/**
 * The organisers' words in the reader's language, English where not translated (decision 070);
 * chosen as the page reads them, so the cache keeps the answer as served.
 */
const inReadersLanguage = (site: PublicSite): PublicSite => ({
  ...site,
  content: contentIn(readerLocale(), site.content),
});

const publicSiteQuery = {
  queryKey: ['public-site'],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPublicSite(signal),
  select: inReadersLanguage,
  // The content changes once a year; the server caches it for a minute.
  staleTime: 10 * 60_000,
};

/** The public site's content, fetched once and shared by every public page. */
export function usePublicSite() {
  return useQuery(publicSiteQuery);
}

/**
 * The same, for a page that waits for it (React Suspense) and then shows it all at once, so
 * nothing moves as it arrives. A failure is thrown to the page's error boundary.
 */
export function usePublicSiteSuspense() {
  return useSuspenseQuery(publicSiteQuery);
}

/**
 * The public site's content only when a page has already loaded it: the footer shows the event's
 * social links then, without making every screen (and its loading overlay) wait for them.
 */
export function useLoadedPublicSite() {
  return useQuery({ ...publicSiteQuery, enabled: false });
}
