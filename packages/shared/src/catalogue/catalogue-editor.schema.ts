import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { SectionSchema } from './catalogue.schema.ts';
import { GradeRangeSchema } from './grades.rules.ts';
import { translationsOutSchema, translationsSchema } from '../i18n/translations.schema.ts';
import { MAIN_FILE_KINDS, MAX_TIME_LIMIT_SECONDS } from './catalogue-editor.rules.ts';

// The catalogue as organisers edit it (issue 16): categories and items of one event, every
// field the families' catalogue shows and those only staff and the uploads portal read.

/** The largest price an item can have: R 100 000, as for the event's fees. */
const MAX_PRICE_CENTS = 10_000_000;

const ITEM_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

const categoryWords = z.object({ name: text().trim().max(80) });

// Translations are optional in a request so that a page of the previous release, which does not
// send them, keeps working: left out, a category or an item keeps the ones it had (decision 070).
export const CategoryFieldsSchema = z.object({
  name: text().trim().min(1, 'Please enter the category’s name.').max(80),
  section: SectionSchema,
  translations: translationsSchema(categoryWords).optional(),
});
export type CategoryFields = z.infer<typeof CategoryFieldsSchema>;

export const StaffCategorySchema = CategoryFieldsSchema.extend({
  id: z.number().int(),
  translations: translationsOutSchema(categoryWords).unwrap(),
  /** Its items, retired or not: a category with items is never deleted. */
  items: z.number().int(),
});
export type StaffCategory = z.infer<typeof StaffCategorySchema>;

const itemWords = z.object({
  shortDescription: text().trim().max(200),
  description: text().trim().max(4000),
});

/** Every field of an item an organiser sets. */
export const ItemFieldsSchema = z.object({
  code: text()
    .trim()
    .transform((code) => code.toUpperCase())
    .pipe(
      z
        .string()
        .regex(
          ITEM_CODE_PATTERN,
          'Use capital letters, digits and - only (up to 20), such as DA101.',
        ),
    ),
  categoryId: IdSchema,
  shortDescription: text().trim().min(1, 'Please enter a short description.').max(200),
  description: text().trim().max(4000),
  priceCents: z.number().int().min(0).max(MAX_PRICE_CENTS),
  dueDate: z.iso.date(),
  isGroupItem: z.boolean(),
  minimumParticipants: z.number().int().min(1).max(500),
  maximumParticipants: z.number().int().min(1).max(500),
  requiresAnInstrument: z.boolean(),
  mainFileKinds: z
    .array(z.enum(MAIN_FILE_KINDS))
    .min(1, 'Please allow at least one kind of main file.')
    .refine((kinds) => new Set(kinds).size === kinds.length, 'Name each kind once.'),
  /** Longest performance, in seconds; null for none (video checks read it). */
  timeLimitSeconds: z.number().int().min(1).max(MAX_TIME_LIMIT_SECONDS).nullable(),
  /** Hidden from new carts; kept in the orders that have it. */
  retired: z.boolean(),
  /**
   * The grades it is for; null: every grade (issue 32). Optional so that a page of the previous
   * release, which does not send it, keeps working: left out, an item keeps what it had.
   */
  grades: GradeRangeSchema.nullable().optional(),
  /** The organiser's exception: contestants of other grades may enter it too. */
  otherGradesAllowed: z.boolean().optional(),
  translations: translationsSchema(itemWords).optional(),
});
export type ItemFields = z.infer<typeof ItemFieldsSchema>;
export type ItemFieldsInput = z.input<typeof ItemFieldsSchema>;

export const StaffItemSchema = ItemFieldsSchema.extend({
  id: z.number().int(),
  code: z.string(),
  grades: GradeRangeSchema.nullable(),
  otherGradesAllowed: z.boolean(),
  translations: translationsOutSchema(itemWords).unwrap(),
  /** Entries of it in orders of any state: an entered item is retired, never deleted. */
  entries: z.number().int(),
  /** Entries of it in paid orders: its price no longer changes. */
  paidEntries: z.number().int(),
});
export type StaffItem = z.infer<typeof StaffItemSchema>;

export const StaffCatalogueSchema = z.object({
  eventId: z.number().int(),
  categories: z.array(StaffCategorySchema),
  items: z.array(StaffItemSchema),
});
export type StaffCatalogue = z.infer<typeof StaffCatalogueSchema>;

export const CategoryParamsSchema = z.object({ id: IdSchema, categoryId: IdSchema });
export const ItemParamsSchema = z.object({ id: IdSchema, itemId: IdSchema });

const SPREADSHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

export const ExportQuerySchema = z.object({ format: z.enum(SPREADSHEET_FORMATS).default('xlsx') });

export const ImportQuerySchema = z.object({
  /** 'true' writes the import; anything else only checks it (a dry run). */
  commit: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

const ImportProblemSchema = z.object({
  /** The spreadsheet's row number (the header is row 1); 0 for the file as a whole. */
  row: z.number().int(),
  code: z.string(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** What an import did, or would do on a dry run; nothing is written while any problem is left. */
export const ImportReportSchema = z.object({
  committed: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problems: z.array(ImportProblemSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
