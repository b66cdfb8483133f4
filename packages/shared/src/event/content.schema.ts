import { z } from 'zod';

/**
 * The public site's words and pictures for one event, kept as event data (seeded from
 * apps/api/data/demo/content.json) so that next year's site is a data change, not a code change.
 */
export const EventContentSchema = z.object({
  hostLine: z.string(),
  title: z.string(),
  intro: z.string(),
  /** Three artworks for the home page carousel; `image` names a file in apps/web/public/artworks. */
  artworks: z
    .array(z.object({ title: z.string(), artist: z.string(), image: z.string(), alt: z.string() }))
    .length(3),
  categories: z
    .array(z.object({ section: z.string(), title: z.string(), summary: z.string() }))
    .length(4),
  howItWorks: z.array(z.object({ title: z.string(), text: z.string() })).length(3),
  /** Last year's participating schools, shown with their logos (apps/web/public/schools). */
  participatingSchools: z.array(z.object({ name: z.string(), logo: z.string() })).length(12),
  adjudicators: z
    .array(
      z.object({
        slug: z.string().regex(/^[a-z0-9-]+$/),
        name: z.string(),
        discipline: z.string(),
        portrait: z.string(),
        summary: z.string(),
        bio: z.array(z.string()).min(1),
      }),
    )
    .length(4),
  /** The home page shows the first five; the FAQ document has them all. */
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).min(5),
  rules: z.array(z.string()).min(1),
  social: z.array(z.object({ label: z.string(), url: z.url() })),
  contactEmail: z.email(),
});
export type EventContent = z.infer<typeof EventContentSchema>;
