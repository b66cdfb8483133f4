import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { SECTIONS } from '../reference/sections.ts';
import { MAX_PAGE_SIZE } from './paging.rules.ts';
import { GradeRangeSchema, GradeSchema } from './grades.rules.ts';
import { translationsOutSchema } from '../i18n/translations.schema.ts';

export const SectionSchema = z.enum(SECTIONS);

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  section: SectionSchema,
  /** Its name in other languages (decision 070); left out when it has none. */
  translations: translationsOutSchema(z.object({ name: z.string() })),
});
export type Category = z.infer<typeof CategorySchema>;

export const ItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  price: z.number().int().describe('Entry fee in cents (per person for individual items)'),
  dueDate: z.iso.date().describe("Last day for entries, in the event's time zone"),
  isGroupItem: z.boolean(),
  minimumParticipants: z.number().int(),
  maximumParticipants: z.number().int(),
  requiresAnInstrument: z.boolean(),
  deadlinePassed: z.boolean().describe('Worked out by the server at the time of the request'),
  category: CategorySchema,
  grades: GradeRangeSchema.nullable().describe(
    'The grades the item is for, both ends included; null: every grade',
  ),
  otherGradesAllowed: z
    .boolean()
    .describe("The organiser's exception: contestants of other grades may enter it too"),
  /** Its descriptions in other languages (decision 070); left out when it has none. */
  translations: translationsOutSchema(
    z.object({ shortDescription: z.string(), description: z.string() }),
  ),
});
export type Item = z.infer<typeof ItemSchema>;

export const ItemPageSchema = z.object({
  items: z.array(ItemSchema),
  total: z.number().int(),
});
export type ItemPage = z.infer<typeof ItemPageSchema>;

const trimmedSearch = text()
  .max(100, 'Search text must be at most 100 characters')
  .transform((s) => s.trim())
  .default('');

/** skip/take/search of spec 3 ("Paging and search state"); out-of-range values are a 400. */
export const PageQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(15),
  search: trimmedSearch,
  grade: GradeSchema.optional().describe(
    'Only the items a contestant of this grade may enter (issue 32); every item when absent',
  ),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const SearchQuerySchema = z.object({ search: trimmedSearch });

export const SectionPageQuerySchema = PageQuerySchema.extend({ section: SectionSchema });

export const EventIdParamsSchema = z.object({ id: IdSchema });
export const CategoryItemsParamsSchema = EventIdParamsSchema.extend({
  categoryId: IdSchema,
});
