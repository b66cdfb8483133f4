import { z } from 'zod';
import { text } from '../api/text.schema.ts';
import {
  HOME_FAQ_COUNT,
  SITE_IMAGE_KINDS,
  SITE_LIST_LIMITS,
  UPLOADED_SITE_IMAGE,
} from './site-content.rules.ts';
import { translationsSchema } from '../i18n/translations.schema.ts';

// The public site as organisers edit it (issue 16): the home page's title and introduction,
// the FAQ in its order (the home page shows the first five, the FAQ document all of them), the
// gallery's artworks, last year's schools with their logos, and the adjudicators' profiles
// (their bio PDFs are made from them). The key dates are the event's own, never typed here.

/**
 * A picture of the site: an uploaded one (UPLOADED_SITE_IMAGE) or one of the demo's own files;
 * a plain file name either way, never a path. The server checks that it exists.
 */
const imageName = (what: string) =>
  text()
    .min(1, `Please upload ${what}.`)
    .max(120)
    .regex(/^[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/i, `Please upload ${what} again.`);

const { artworks, participatingSchools, adjudicators } = SITE_LIST_LIMITS;

export const SiteArtworkSchema = z.object({
  title: text().trim().min(1, 'Please give every artwork a title.').max(120),
  artist: text().trim().min(1, 'Please name the artist of every artwork.').max(120),
  alt: text()
    .trim()
    .min(1, 'Please describe every artwork for people who cannot see it (alt text).')
    .max(400),
  image: imageName('a picture of every artwork'),
});

export const SiteSchoolSchema = z.object({
  name: text().trim().min(1, 'Please name every school.').max(120),
  logo: imageName('a logo for every school'),
});

export const AdjudicatorProfileSchema = z.object({
  /** The bio PDF's address; a new profile has none until it is published. */
  slug: text()
    .regex(/^[a-z0-9-]+$/)
    .max(60)
    .optional(),
  name: text().trim().min(1, 'Please name every adjudicator.').max(120),
  discipline: text().trim().min(1, 'Please give every adjudicator’s discipline.').max(120),
  summary: text().trim().min(1, 'Please write a summary for every adjudicator.').max(400),
  bio: z
    .array(text().trim().min(1).max(3000))
    .min(1, 'Please write a biography for every adjudicator.')
    .max(12),
  portrait: imageName('a portrait of every adjudicator'),
  translations: translationsSchema(
    z.object({
      discipline: text().trim().max(120),
      summary: text().trim().max(400),
      bio: z.array(text().trim().max(3000)).max(12),
    }),
  ).optional(),
});

// Translations (decision 070) are optional: every field of them, and the whole when a page of the
// previous release leaves them out (the title's and introduction's are then kept as they were).
export const SiteContentSchema = z.object({
  title: text().trim().min(1, 'Please enter the title.').max(120),
  intro: text().trim().min(1, 'Please enter the introduction.').max(1200),
  translations: translationsSchema(
    z.object({ title: text().trim().max(120), intro: text().trim().max(1200) }),
  ).optional(),
  faq: z
    .array(
      z.object({
        question: text().trim().min(1, 'Please enter every question.').max(300),
        answer: text().trim().min(1, 'Please answer every question.').max(3000),
        translations: translationsSchema(
          z.object({ question: text().trim().max(300), answer: text().trim().max(3000) }),
        ).optional(),
      }),
    )
    .min(
      HOME_FAQ_COUNT,
      `The home page shows ${HOME_FAQ_COUNT} questions: keep at least that many.`,
    )
    .max(100),
  artworks: z
    .array(SiteArtworkSchema)
    .min(artworks.min, 'Keep at least one artwork in the gallery.')
    .max(artworks.max, `The gallery shows at most ${artworks.max} artworks.`),
  participatingSchools: z
    .array(SiteSchoolSchema)
    .min(participatingSchools.min, 'Keep at least one school.')
    .max(
      participatingSchools.max,
      `The home page shows at most ${participatingSchools.max} schools.`,
    ),
  adjudicators: z
    .array(AdjudicatorProfileSchema)
    .min(adjudicators.min, 'Keep at least one adjudicator.')
    .max(adjudicators.max, `The home page shows at most ${adjudicators.max} adjudicators.`),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;
export type AdjudicatorProfile = z.infer<typeof AdjudicatorProfileSchema>;

/** What an upload is for (the query of siteContentApi.uploadImage). */
export const SiteImageQuerySchema = z.object({ kind: z.enum(SITE_IMAGE_KINDS) });

/** An uploaded picture: its name for the content, and where it is shown. */
export const SiteImageSchema = z.object({ image: z.string(), url: z.string() });
export type SiteImage = z.infer<typeof SiteImageSchema>;

/** An uploaded picture's address: only a name the server made, so no other file can be read. */
export const SiteImageParamsSchema = z.object({
  name: text().regex(UPLOADED_SITE_IMAGE, 'There is no such picture.'),
});
