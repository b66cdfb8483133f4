import {
  CATALOGUE_EDITOR_MESSAGES,
  gradeRangeCell,
  ItemFieldsSchema,
  itemProblems,
  sheetColumns,
  translatedColumns,
  writtenTranslations,
  type CatalogueColumn,
  type SheetColumn,
  type EventDates,
  type ImportProblem,
  type ItemFields,
  type StaffCatalogue,
  type StaffItem,
} from '@eisteddfod/shared';
import { itemColumns, type ItemChanges } from './catalogue-editor.repository.ts';
import type { SheetRows } from './catalogue-sheet.ts';
import { normal, readCandidate, type Category, type RowReader } from './catalogue-import-row.ts';

/** What an import would write; it writes only when `problems` is empty. */
export interface ImportPlan {
  /** Item rows read (blank rows are skipped). */
  rows: number;
  creates: ItemChanges[];
  updates: {
    id: number;
    row: ItemChanges;
    before: Partial<StaffItem>;
    after: Partial<ItemFields>;
  }[];
  unchanged: number;
  problems: ImportProblem[];
}

export interface ImportContext extends StaffCatalogue {
  dates: EventDates;
  now: Date;
}

/** The most rows an import takes: ten times the demo's catalogue, and then some. */
const MAX_IMPORT_ROWS = 10_000;
/** Columns an item cannot do without; the others keep an item's value, or take a default. */
const REQUIRED: readonly CatalogueColumn[] = [
  'Code',
  'Category',
  'Short description',
  'Price',
  'Due date',
];

/** The spreadsheet column of each field, to name it in a problem. */
const COLUMN_OF: Record<Exclude<keyof ItemFields, 'translations'>, CatalogueColumn> = {
  code: 'Code',
  categoryId: 'Category',
  shortDescription: 'Short description',
  description: 'Description',
  priceCents: 'Price',
  dueDate: 'Due date',
  isGroupItem: 'Group item',
  minimumParticipants: 'Minimum participants',
  maximumParticipants: 'Maximum participants',
  requiresAnInstrument: 'Instrument required',
  mainFileKinds: 'Main file kinds',
  timeLimitSeconds: 'Time limit',
  retired: 'Retired',
  grades: 'Grades',
  otherGradesAllowed: 'Other grades allowed',
};

/** The column a problem of the schema is about: a translation's is its language's column. */
function columnOfIssue(path: readonly PropertyKey[]): SheetColumn | null {
  const [field, locale, words] = path;
  if (field !== 'translations') return COLUMN_OF[field as keyof typeof COLUMN_OF] ?? null;
  const columns = translatedColumns(String(locale));
  return words === 'description' ? columns.description : columns.shortDescription;
}

/** Translations compared as kept (blanks left out), whatever order their keys came in. */
const sameTranslations = (a: ItemFields['translations'], b: StaffItem['translations']) => {
  const written = writtenTranslations(a);
  const locales = new Set([...Object.keys(written), ...Object.keys(b)]);
  return [...locales].every(
    (l) =>
      (written[l]?.shortDescription ?? '') === (b[l]?.shortDescription ?? '') &&
      (written[l]?.description ?? '') === (b[l]?.description ?? ''),
  );
};

const changedFields = (a: ItemFields, b: StaffItem): (keyof ItemFields)[] =>
  ([...Object.keys(COLUMN_OF), 'translations'] as (keyof ItemFields)[]).filter((key) =>
    key === 'mainFileKinds'
      ? a.mainFileKinds.join() !== b.mainFileKinds.join()
      : key === 'grades'
        ? gradeRangeCell(a.grades ?? null) !== gradeRangeCell(b.grades)
        : key === 'translations'
          ? !sameTranslations(a.translations, b.translations)
          : a[key] !== b[key],
  );

/** What every row is read against: the sheet's columns, the event's items and categories. */
interface Lookups {
  columnIndex: Map<SheetColumn, number>;
  items: Map<string, StaffItem>;
  categories: Map<string, Category>;
  /** The row each code was first seen in. */
  codeRows: Map<string, number>;
}

/** The header's columns by name, each once; a name the catalogue does not have is a problem. */
function columnsOf(
  header: string[],
  fileProblem: (code: string, message: string, column?: string | null) => void,
): Map<SheetColumn, number> {
  const columnIndex = new Map<SheetColumn, number>();
  const known = sheetColumns();
  header.forEach((name, index) => {
    const column = known.find((c) => normal(c) === normal(name));
    if (column && !columnIndex.has(column)) columnIndex.set(column, index);
    else if (normal(name) !== '')
      fileProblem(
        'UNKNOWN_COLUMN',
        column
          ? `The column ${name} appears twice.`
          : `The column ${name} is not one the catalogue has. Its columns are: ${known.join(', ')}.`,
        name,
      );
  });
  for (const column of REQUIRED)
    if (!columnIndex.has(column))
      fileProblem('MISSING_COLUMN', `The sheet has no ${column} column.`, column);
  return columnIndex;
}

/** The row's item by its code (once in the sheet), and its category (the event's, in its section). */
function identify(reader: RowReader, lookups: Lookups, rowNumber: number) {
  const { cell, problem } = reader;
  const code = (cell('Code') ?? '').trim().toUpperCase();
  const existing = lookups.items.get(code);
  if (code !== '') {
    const first = lookups.codeRows.get(code);
    if (first !== undefined)
      problem(
        'Code',
        'DUPLICATE_CODE',
        `The code ${code} is also in row ${first}: each item once.`,
      );
    else lookups.codeRows.set(code, rowNumber);
  }

  const categoryName = cell('Category') ?? '';
  const category = lookups.categories.get(normal(categoryName));
  if (!category)
    problem(
      'Category',
      'UNKNOWN_CATEGORY',
      categoryName.trim() === ''
        ? 'Please name the item’s category.'
        : `There is no category ${categoryName.trim()} in this event. Add it first, or use one of the event’s categories.`,
    );
  const section = cell('Section');
  if (
    category &&
    section !== undefined &&
    section.trim() !== '' &&
    normal(section) !== normal(category.section)
  )
    problem(
      'Section',
      'WRONG_SECTION',
      `The category ${category.name} is in ${category.section}, not ${section.trim()}.`,
    );
  return { code, existing, category };
}

/**
 * The row's fields checked: the schema's issues (once per column), else the catalogue's rules
 * and what families' paid orders and entries fix. Answers the fields when they can be written.
 */
function checkedFields(
  reader: RowReader,
  rowProblems: ImportProblem[],
  candidate: ReturnType<typeof readCandidate>,
  ctx: ImportContext,
  existing: StaffItem | undefined,
  category: Category | undefined,
): ItemFields | undefined {
  const { problem } = reader;
  const parsed = ItemFieldsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfIssue(issue.path);
      // A field already named unreadable, or a category already named unknown, once is enough.
      if (!rowProblems.some((p) => p.column === column))
        problem(column, 'INVALID', `${column}: ${issue.message}`);
    }
    return undefined;
  }
  for (const p of itemProblems(parsed.data, ctx.dates, category?.section))
    problem(COLUMN_OF[p.field], 'RULE', p.message);
  if (existing && existing.paidEntries > 0 && parsed.data.priceCents !== existing.priceCents)
    problem('Price', 'PRICE_FIXED', CATALOGUE_EDITOR_MESSAGES.priceUnderPaidOrder);
  const oldSection = ctx.categories.find((c) => c.id === existing?.categoryId)?.section;
  if (
    existing &&
    existing.entries > 0 &&
    (parsed.data.isGroupItem !== existing.isGroupItem || category?.section !== oldSection)
  )
    problem(
      'Group item',
      'ITEM_ENTERED',
      'Families have entered this item: it stays a group or individual item of its section.',
    );
  return parsed.data;
}

/** Reads one row into the plan: an item to add, to update, or left as it is; or its problems. */
function planRow(
  plan: ImportPlan,
  ctx: ImportContext,
  lookups: Lookups,
  { cells, rowNumber }: { cells: string[]; rowNumber: number },
) {
  const rowProblems: ImportProblem[] = [];
  const reader: RowReader = {
    problem: (column, code, message) => rowProblems.push({ row: rowNumber, code, column, message }),
    cell: (column) => {
      const index = lookups.columnIndex.get(column);
      return index === undefined ? undefined : (cells[index] ?? '');
    },
  };

  const { code, existing, category } = identify(reader, lookups, rowNumber);
  const candidate = readCandidate(reader, code, existing, category);
  const fields = checkedFields(reader, rowProblems, candidate, ctx, existing, category);
  plan.problems.push(...rowProblems);
  if (rowProblems.length > 0 || !fields) return;

  // A retired item keeps the day it was first retired (updateItems keeps the older date).
  const row: ItemChanges = itemColumns(fields, fields.retired ? ctx.now : null);
  if (!existing) {
    plan.creates.push(row);
    return;
  }
  const changed = changedFields(fields, existing);
  if (changed.length === 0) {
    plan.unchanged++;
    return;
  }
  plan.updates.push({
    id: existing.id,
    row,
    before: Object.fromEntries(changed.map((k) => [k, existing[k]])),
    after: Object.fromEntries(changed.map((k) => [k, fields[k]])),
  });
}

/**
 * Reads a catalogue spreadsheet against the event: each row is an item by its code (a code the
 * event has updates that item, a new one adds it); items the sheet leaves out stay as they are.
 * Every problem of every row is listed, so that an organiser fixes the sheet in one pass.
 */
export function planImport(sheet: SheetRows, ctx: ImportContext): ImportPlan {
  const problems: ImportProblem[] = [];
  const plan: ImportPlan = { rows: 0, creates: [], updates: [], unchanged: 0, problems };
  const fileProblem = (code: string, message: string, column: string | null = null) =>
    problems.push({ row: 0, code, column, message });

  const [header = [], ...body] = sheet;
  const columnIndex = columnsOf(header, fileProblem);
  if (problems.length > 0) return plan;

  const lookups: Lookups = {
    columnIndex,
    items: new Map(ctx.items.map((i) => [i.code, i])),
    categories: new Map(ctx.categories.map((c) => [normal(c.name), c])),
    codeRows: new Map<string, number>(),
  };
  const rows = body
    .map((cells, index) => ({ cells, rowNumber: index + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  plan.rows = rows.length;
  if (rows.length > MAX_IMPORT_ROWS) {
    fileProblem(
      'TOO_MANY_ROWS',
      `A sheet can hold at most ${MAX_IMPORT_ROWS} items; this one has ${rows.length}.`,
    );
    return plan;
  }

  for (const row of rows) planRow(plan, ctx, lookups, row);
  return plan;
}
