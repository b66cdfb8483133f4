import { withAdjudicatorSlugs, type EventContent, type SiteContent } from '@eisteddfod/shared';

// A preview of the home page with content an organiser has not published yet (issue 16): the
// editor keeps its draft in this tab's session storage and shows `/?preview=1` in a frame of
// the same tab, which reads it here. Nothing is sent anywhere; another person's browser, or
// this one without `?preview`, sees the published site. Checked by hand: the home page's
// first load stays without zod.

const KEY = 'eisteddfod.site-preview';

/** The draft: its words and FAQ, and the lists it holds (a list left out stays as published). */
export type SitePreview = Pick<SiteContent, 'title' | 'intro' | 'faq'> &
  Partial<Pick<SiteContent, 'artworks' | 'participatingSchools' | 'adjudicators'>>;

export function storeSitePreview(draft: SitePreview): void {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The entries of `list` that have each of `keys` as text (and, for `lists`, a list of text). */
function entries<T>(list: unknown, keys: string[], lists: string[] = []): T[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.filter(
    (entry: unknown): entry is T =>
      typeof entry === 'object' &&
      entry !== null &&
      keys.every((key) => isText((entry as Record<string, unknown>)[key])) &&
      lists.every((key) => {
        const value = (entry as Record<string, unknown>)[key];
        return Array.isArray(value) && value.every(isText);
      }),
  );
}

/** The draft, when this page was opened as a preview and one is stored. */
export function readSitePreview(search: string): SitePreview | undefined {
  if (!new URLSearchParams(search).has('preview')) return undefined;
  let draft: unknown;
  try {
    draft = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof draft !== 'object' || draft === null) return undefined;
  const stored = draft as Record<string, unknown>;
  const { title, intro } = stored;
  const faq = entries<SiteContent['faq'][number]>(stored.faq, ['question', 'answer']);
  if (!isText(title) || !isText(intro) || !faq) return undefined;
  const artworks = entries<SiteContent['artworks'][number]>(stored.artworks, [
    'title',
    'artist',
    'alt',
    'image',
  ]);
  const schools = entries<SiteContent['participatingSchools'][number]>(
    stored.participatingSchools,
    ['name', 'logo'],
  );
  const adjudicators = entries<SiteContent['adjudicators'][number]>(
    stored.adjudicators,
    ['name', 'discipline', 'summary', 'portrait'],
    ['bio'],
  );
  return {
    title,
    intro,
    faq,
    ...(artworks?.length ? { artworks } : {}),
    ...(schools?.length ? { participatingSchools: schools } : {}),
    ...(adjudicators?.length ? { adjudicators } : {}),
  };
}

/** The published content with the draft in place of its own parts. */
export const withPreview = (content: EventContent, draft: SitePreview): EventContent => ({
  ...content,
  ...draft,
  // A new adjudicator is shown with the address publishing will give their bio.
  adjudicators: withAdjudicatorSlugs(draft.adjudicators ?? content.adjudicators),
});
