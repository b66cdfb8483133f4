import { z } from 'zod';
import { SITE_LIST_LIMITS } from './site-content.rules.ts';
import { translationsOutSchema } from '../i18n/translations.schema.ts';

const { artworks, participatingSchools, adjudicators } = SITE_LIST_LIMITS;

/**
 * The public site's words and pictures for one event, kept as event data (seeded from
 * apps/api/data/demo/content.json) so that next year's site is a data change, not a code change.
 */
export const EventContentSchema = z.object({
  hostLine: z.string(),
  title: z.string(),
  intro: z.string(),
  /** The title and introduction in other languages (decision 070). */
  translations: translationsOutSchema(z.object({ title: z.string(), intro: z.string() })),
  /**
   * The home page carousel's artworks (three in the spec); `image` names a file in
   * apps/web/public/artworks or an uploaded picture (UPLOADED_SITE_IMAGE).
   */
  artworks: z
    .array(z.object({ title: z.string(), artist: z.string(), image: z.string(), alt: z.string() }))
    .min(artworks.min)
    .max(artworks.max),
  categories: z
    .array(z.object({ section: z.string(), title: z.string(), summary: z.string() }))
    .length(4),
  howItWorks: z.array(z.object({ title: z.string(), text: z.string() })).length(3),
  /** Last year's participating schools (12 in the spec), with their logos (apps/web/public/schools or uploaded). */
  participatingSchools: z
    .array(z.object({ name: z.string(), logo: z.string() }))
    .min(participatingSchools.min)
    .max(participatingSchools.max),
  adjudicators: z
    .array(
      z.object({
        slug: z.string().regex(/^[a-z0-9-]+$/),
        name: z.string(),
        discipline: z.string(),
        portrait: z.string(),
        summary: z.string(),
        bio: z.array(z.string()).min(1),
        translations: translationsOutSchema(
          z.object({ discipline: z.string(), summary: z.string(), bio: z.array(z.string()) }),
        ),
      }),
    )
    .min(adjudicators.min)
    .max(adjudicators.max),
  /** The home page shows the first five; the FAQ document has them all. */
  faq: z
    .array(
      z.object({
        question: z.string(),
        answer: z.string(),
        translations: translationsOutSchema(z.object({ question: z.string(), answer: z.string() })),
      }),
    )
    .min(5),
  rules: z.array(z.string()).min(1),
  // Web pages only: a javascript: or data: link in the footer would run on our origin.
  social: z.array(z.object({ label: z.string(), url: z.url({ protocol: /^https?$/ }) })),
  contactEmail: z.email(),
});
export type EventContent = z.infer<typeof EventContentSchema>;
