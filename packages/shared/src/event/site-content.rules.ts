/** The home page shows this many questions; the FAQ document has them all. (No zod here: the home page's first load takes it.) */
export const HOME_FAQ_COUNT = 5;

/**
 * How many of each the home page shows (issue 16): organisers add and remove them. The spec's
 * site has 3 artworks, 12 schools and 4 adjudicators; the layouts take a few more or fewer.
 */
export const SITE_LIST_LIMITS = {
  artworks: { min: 1, max: 12 },
  participatingSchools: { min: 1, max: 48 },
  adjudicators: { min: 1, max: 12 },
} as const;

/** What an uploaded picture is for: the size and shape it is made at. */
export const SITE_IMAGE_KINDS = ['artwork', 'portrait', 'logo'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];

/** The largest picture an organiser may upload for the site. */
export const SITE_IMAGE_MAX_MB = 10;

/**
 * The name of a picture an organiser uploaded: made by the server (a UUID, WebP), never a
 * client's. Any other name in the content is one of the demo's own files in apps/web/public.
 */
export const UPLOADED_SITE_IMAGE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** An adjudicator's address (the bio PDF's) from their name: lower case, digits and dashes. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'adjudicator';
}

/**
 * Every adjudicator with an address of their own: a profile keeps the one it has (its bio PDF's
 * link stays the same when the name is corrected); a new one, or a second with the same, is
 * given one from the name, numbered when taken.
 */
export function withAdjudicatorSlugs<T extends { slug?: string | undefined; name: string }>(
  adjudicators: readonly T[],
): (T & { slug: string })[] {
  const taken = new Set<string>();
  return adjudicators.map((person) => {
    let slug = person.slug;
    if (!slug || taken.has(slug)) {
      const base = slugOf(person.name);
      slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    }
    taken.add(slug);
    return { ...person, slug };
  });
}
