import {
  CATALOGUE_COLUMNS,
  CATALOGUE_EDITOR_MESSAGES,
  defaultMainFileKinds,
  gradeRangeCell,
  ItemFieldsSchema,
  itemProblems,
  MAIN_FILE_KIND_LABELS,
  MAIN_FILE_KINDS,
  parseGradeRange,
  parseRand,
  parseTimeLimit,
  type CatalogueColumn,
  type EventDates,
  type ImportProblem,
  type ItemFields,
  type MainFileKind,
  type StaffCatalogue,
  type StaffItem,
} from '@eisteddfod/shared';
import { itemColumns, type ItemChanges } from './catalogue-editor.repository.ts';
import type { SheetRows } from './catalogue-sheet.ts';

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
const COLUMN_OF: Record<keyof ItemFields, CatalogueColumn> = {
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

const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

function readYesNo(text: string): boolean | undefined {
  const v = normal(text);
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0', ''].includes(v)) return false;
  return undefined;
}

function readWhole(text: string): number | undefined {
  return /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** 'Video, Audio' → ['video', 'audio'] in MAIN_FILE_KINDS' order; undefined for an unknown kind. */
function readKinds(text: string): MainFileKind[] | undefined {
  const named = text.split(/[,;/]/).map(normal).filter(Boolean);
  const kinds = MAIN_FILE_KINDS.filter(
    (k) => named.includes(k) || named.includes(normal(MAIN_FILE_KIND_LABELS[k])),
  );
  return kinds.length === new Set(named).size ? kinds : undefined;
}

/** A date as yyyy-mm-dd, also from dd/mm/yyyy (how South African spreadsheets show dates). */
function readDate(text: string): string | undefined {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return undefined;
}

const sameFields = (a: ItemFields, b: StaffItem): (keyof ItemFields)[] =>
  (Object.keys(COLUMN_OF) as (keyof ItemFields)[]).filter((key) =>
    key === 'mainFileKinds'
      ? a.mainFileKinds.join() !== b.mainFileKinds.join()
      : key === 'grades'
        ? gradeRangeCell(a.grades ?? null) !== gradeRangeCell(b.grades)
        : a[key] !== b[key],
  );

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
  const columnIndex = new Map<CatalogueColumn, number>();
  header.forEach((name, index) => {
    const column = CATALOGUE_COLUMNS.find((c) => normal(c) === normal(name));
    if (column && !columnIndex.has(column)) columnIndex.set(column, index);
    else if (normal(name) !== '')
      fileProblem(
        'UNKNOWN_COLUMN',
        column
          ? `The column ${name} appears twice.`
          : `The column ${name} is not one the catalogue has. Its columns are: ${CATALOGUE_COLUMNS.join(', ')}.`,
        name,
      );
  });
  for (const column of REQUIRED)
    if (!columnIndex.has(column))
      fileProblem('MISSING_COLUMN', `The sheet has no ${column} column.`, column);
  if (problems.length > 0) return plan;

  const items = new Map(ctx.items.map((i) => [i.code, i]));
  const categories = new Map(ctx.categories.map((c) => [normal(c.name), c]));
  const codeRows = new Map<string, number>();
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

  for (const { cells, rowNumber } of rows) {
    const rowProblems: ImportProblem[] = [];
    const problem = (column: CatalogueColumn | null, code: string, message: string) =>
      rowProblems.push({ row: rowNumber, code, column, message });
    /** The cell's text; undefined when the sheet has no such column. */
    const cell = (column: CatalogueColumn): string | undefined => {
      const index = columnIndex.get(column);
      return index === undefined ? undefined : (cells[index] ?? '');
    };

    const code = (cell('Code') ?? '').trim().toUpperCase();
    const existing = items.get(code);
    if (code !== '') {
      const first = codeRows.get(code);
      if (first !== undefined)
        problem(
          'Code',
          'DUPLICATE_CODE',
          `The code ${code} is also in row ${first}: each item once.`,
        );
      else codeRows.set(code, rowNumber);
    }

    const categoryName = cell('Category') ?? '';
    const category = categories.get(normal(categoryName));
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

    // Each field: the cell's value when the column is there, else the item's, else a default.
    const read = <T>(
      column: CatalogueColumn,
      parse: (text: string) => T | undefined,
      fallback: T,
      hint: string,
    ): T => {
      const text = cell(column);
      if (text === undefined) return fallback;
      const value = parse(text);
      if (value === undefined) {
        problem(column, 'UNREADABLE', `${column} “${text.trim()}” ${hint}`);
        return fallback;
      }
      return value;
    };
    const isGroupItem = read(
      'Group item',
      readYesNo,
      existing?.isGroupItem ?? false,
      'is not Yes or No.',
    );
    const defaultSize = isGroupItem ? 2 : 1;
    const candidate = {
      code,
      categoryId: category?.id ?? existing?.categoryId ?? 0,
      shortDescription: cell('Short description') ?? '',
      description: cell('Description') ?? existing?.description ?? '',
      priceCents: read(
        'Price',
        parseRand,
        existing?.priceCents ?? 0,
        'is not an amount such as 160.00.',
      ),
      dueDate: read(
        'Due date',
        readDate,
        existing?.dueDate ?? '',
        'is not a date such as 2026-04-24.',
      ),
      isGroupItem,
      minimumParticipants: read(
        'Minimum participants',
        readWhole,
        existing?.minimumParticipants ?? defaultSize,
        'is not a whole number.',
      ),
      maximumParticipants: read(
        'Maximum participants',
        readWhole,
        existing?.maximumParticipants ?? (isGroupItem ? 30 : 1),
        'is not a whole number.',
      ),
      requiresAnInstrument: read(
        'Instrument required',
        readYesNo,
        existing?.requiresAnInstrument ?? false,
        'is not Yes or No.',
      ),
      mainFileKinds: read(
        'Main file kinds',
        (t) =>
          t.trim() === ''
            ? (existing?.mainFileKinds ?? defaultMainFileKinds(category?.section ?? 'Music'))
            : readKinds(t),
        existing?.mainFileKinds ?? defaultMainFileKinds(category?.section ?? 'Music'),
        `is not a list of ${MAIN_FILE_KINDS.map((k) => MAIN_FILE_KIND_LABELS[k]).join(', ')}.`,
      ),
      timeLimitSeconds: read(
        'Time limit',
        parseTimeLimit,
        existing?.timeLimitSeconds ?? null,
        'is not a time such as 3:00.',
      ),
      retired: read('Retired', readYesNo, existing?.retired ?? false, 'is not Yes or No.'),
      grades: read(
        'Grades',
        parseGradeRange,
        existing?.grades ?? null,
        'is not a range of grades such as R to 3, 4 to 7 or 10 (empty: every grade).',
      ),
      otherGradesAllowed: read(
        'Other grades allowed',
        readYesNo,
        existing?.otherGradesAllowed ?? false,
        'is not Yes or No.',
      ),
    };

    const parsed = ItemFieldsSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = COLUMN_OF[issue.path[0] as keyof ItemFields] ?? null;
        // A field already named unreadable, or a category already named unknown, once is enough.
        if (!rowProblems.some((p) => p.column === column))
          problem(column, 'INVALID', `${column}: ${issue.message}`);
      }
    } else {
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
    }
    problems.push(...rowProblems);
    if (rowProblems.length > 0 || !parsed.success) continue;

    const fields = parsed.data;
    // A retired item keeps the day it was first retired (updateItems keeps the older date).
    const row: ItemChanges = itemColumns(fields, fields.retired ? ctx.now : null);
    if (!existing) {
      plan.creates.push(row);
      continue;
    }
    const changed = sameFields(fields, existing);
    if (changed.length === 0) {
      plan.unchanged++;
      continue;
    }
    plan.updates.push({
      id: existing.id,
      row,
      before: Object.fromEntries(changed.map((k) => [k, existing[k]])),
      after: Object.fromEntries(changed.map((k) => [k, fields[k]])),
    });
  }
  return plan;
}
