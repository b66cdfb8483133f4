import type { EventContent, SiteContent } from '@eisteddfod/shared';

// A preview of the home page with words an organiser has not published yet (issue 16): the
// editor keeps its draft in this tab's session storage and shows `/?preview=1` in a frame of
// the same tab, which reads it here. Nothing is sent anywhere; another person's browser, or
// this one without `?preview`, sees the published site. Checked by hand: the home page's
// first load stays without zod.

const KEY = 'eisteddfod.site-preview';

export function storeSitePreview(draft: SiteContent): void {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The draft, when this page was opened as a preview and one is stored. */
export function readSitePreview(search: string): SiteContent | undefined {
  if (!new URLSearchParams(search).has('preview')) return undefined;
  let draft: unknown;
  try {
    draft = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof draft !== 'object' || draft === null) return undefined;
  const { title, intro, faq } = draft as Record<string, unknown>;
  if (!isText(title) || !isText(intro) || !Array.isArray(faq)) return undefined;
  const entries = faq.filter(
    (f): f is SiteContent['faq'][number] =>
      typeof f === 'object' && f !== null && isText(f.question) && isText(f.answer),
  );
  return { title, intro, faq: entries };
}

/** The published content with the draft's words in place of its own. */
export const withPreview = (content: EventContent, draft: SiteContent): EventContent => ({
  ...content,
  ...draft,
});
