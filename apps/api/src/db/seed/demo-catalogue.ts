import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  EventContentSchema,
  EventDatesSchema,
  type EventContent,
  EventFeesSchema,
  RubricsFileSchema,
  SECTIONS,
  addDays,
  calendarDateIn,
  isVisualArtsSection,
  parseGradeRange,
} from '@eisteddfod/shared';
import { jsonDifferences, jsonPath } from '../../lib/json-differences.ts';
import { apiRoot } from '../../lib/paths.ts';
import { parseCsv } from './csv.ts';

/**
 * The demo catalogue as data files that an organiser can replace (apps/api/data/demo):
 * event.json, content.json (the public site's words), categories.csv, items.csv and schools.csv. Every row is checked here, so a
 * broken file stops the seed with the row it disagrees with.
 */

const EventFileSchema = z.object({
  name: z.string().min(1),
  year: z.number().int(),
  timeZone: z.string().min(1),
  dates: EventDatesSchema,
  /** Due date of performance items; Visual Arts & Design items are due on dates.visualArtsDue. */
  performanceItemsDue: z.iso.date(),
  fees: EventFeesSchema,
});
type EventFile = z.infer<typeof EventFileSchema>;

const CategoryRowSchema = z.object({ section: z.enum(SECTIONS), name: z.string().min(1) });

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const count = z.coerce.number().int().min(1).max(200);

const ItemRowSchema = z
  .object({
    code: z.string().regex(/^[A-Z]{2}\d{3}$/),
    section: z.enum(SECTIONS),
    category: z.string().min(1),
    shortDescription: z.string().min(1),
    description: z.string().min(1),
    kind: z.enum(['individual', 'duo', 'group']),
    minParticipants: count,
    maxParticipants: count,
    requiresInstrument: flag,
    /** 'R-3', '5', or empty for every grade (issue 32). */
    grades: z.string().transform((text, ctx) => {
      const range = parseGradeRange(text);
      if (range === undefined) {
        ctx.addIssue({ code: 'custom', message: `not a range of grades: ${text}` });
        return z.NEVER;
      }
      return range;
    }),
  })
  .refine((r) => r.minParticipants <= r.maxParticipants, 'minParticipants above maxParticipants')
  .refine(
    (r) => (r.kind === 'individual') === (r.maxParticipants === 1),
    'only individual items have one participant',
  );

const SchoolRowSchema = z.object({ name: z.string().min(1) });

export interface DemoCatalogue {
  event: EventFile;
  content: EventContent;
  categories: z.infer<typeof CategoryRowSchema>[];
  items: (z.infer<typeof ItemRowSchema> & { priceCents: number; dueDate: string })[];
  schools: string[];
  /** The marking rubric of each section (rubrics.json); every section has one. */
  rubrics: Record<(typeof SECTIONS)[number], { name: string; maxValue: number }[]>;
}

function parseRows<T>(file: string, schema: z.ZodType<T>, dir: string): T[] {
  const rows = parseCsv(readFileSync(path.join(dir, file), 'utf8'));
  return rows.map((row, index) => {
    const result = schema.safeParse(row);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new Error(
        `${file} row ${index + 2}: ${issue?.path.join('.') || 'row'}: ${issue?.message}`,
      );
    }
    refuseUndeclared(`${file} row ${index + 2}`, row, result.data);
    return result.data;
  });
}

/**
 * Refuses a column or key that no schema declares: zod would drop it without a word, so a
 * misspelt optional field would vanish from the site instead of stopping the seed.
 */
function refuseUndeclared(where: string, data: unknown, parsed: unknown): void {
  const undeclared = jsonDifferences(data, parsed).find((d) => d.kind === 'undeclared');
  if (undeclared) {
    throw new Error(`${where}: ${jsonPath(undeclared.path)} is not a field the portal knows`);
  }
}

/** A JSON file of the catalogue folder, parsed with `schema`, undeclared keys refused. */
function readJsonFile<T>(dir: string, file: string, schema: z.ZodType<T>): T {
  const data: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.') || 'file'}: ${issue?.message}`);
  }
  refuseUndeclared(file, data, parsed.data);
  return parsed.data;
}

/** Moves every date of the event by whole days. */
function shiftEventDates(event: EventFile, days: number): EventFile {
  const dates = Object.fromEntries(
    Object.entries(event.dates).map(([k, v]) => [k, v === null ? null : addDays(v, days)]),
  ) as EventFile['dates'];
  return { ...event, dates, performanceItemsDue: addDays(event.performanceItemsDue, days) };
}

/** A text naming the event's year, naming another (an event's name, the home page's title). */
function withYear(text: string, from: number, to: number): string {
  return text.replaceAll(String(from), String(to));
}

/**
 * The demo is shifted so that registration opened a week ago and every deadline lies ahead,
 * keeping the spec's gaps between the dates. The event's year (and the year in its name) becomes
 * the year its entries are submitted in, so that what it says matches its key dates.
 */
function datesShiftedToToday(event: EventFile, now: Date): EventFile {
  const today = calendarDateIn(now, event.timeZone);
  const opens = new Date(`${event.dates.registrationOpens}T00:00:00Z`).getTime();
  const days = Math.round((new Date(`${today}T00:00:00Z`).getTime() - opens) / 86_400_000) - 7;
  const shifted = shiftEventDates(event, days);
  const year = Number(shifted.dates.submissionStarts.slice(0, 4));
  return { ...shifted, year, name: withYear(event.name, event.year, year) };
}

export function readDemoCatalogue(
  options: { exactDates?: boolean; now?: Date; dir?: string } = {},
): DemoCatalogue {
  const dir = options.dir ?? path.join(apiRoot(), 'data', 'demo');
  const raw = readJsonFile(dir, 'event.json', EventFileSchema);
  const event = options.exactDates ? raw : datesShiftedToToday(raw, options.now ?? new Date());
  const categories = parseRows('categories.csv', CategoryRowSchema, dir);
  const rows = parseRows('items.csv', ItemRowSchema, dir);
  const categoryNames = new Map(categories.map((c) => [c.name, c.section]));
  const items = rows.map((row, index) => {
    if (categoryNames.get(row.category) !== row.section) {
      throw new Error(
        `items.csv row ${index + 2}: unknown category ${row.category} in ${row.section}`,
      );
    }
    const isGroup = row.kind !== 'individual';
    return {
      ...row,
      priceCents: isGroup ? event.fees.groupSmallCents : event.fees.individualCents,
      dueDate: isVisualArtsSection(row.section)
        ? event.dates.visualArtsDue
        : event.performanceItemsDue,
    };
  });
  const schools = parseRows('schools.csv', SchoolRowSchema, dir).map((s) => s.name);
  const read = readJsonFile(dir, 'content.json', EventContentSchema);
  // The home page's title names the year its key dates are in (issue 19: it said 2025 above
  // dates of 2026): the year the data names, moved with the dates.
  const content = { ...read, title: withYear(read.title, raw.year, event.year) };
  return { event, content, categories, items, schools, rubrics: readRubrics(dir) };
}

/** The rubrics file of a catalogue folder; it must give every section a rubric totalling 100. */
export function readRubrics(dir: string = path.join(apiRoot(), 'data', 'demo')) {
  const rubrics = readJsonFile(dir, 'rubrics.json', RubricsFileSchema);
  const missing = SECTIONS.filter((s) => !rubrics[s]);
  if (missing.length) throw new Error(`rubrics.json: no rubric for ${missing.join(', ')}`);
  return rubrics as DemoCatalogue['rubrics'];
}
