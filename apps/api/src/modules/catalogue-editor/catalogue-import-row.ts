import {
  defaultMainFileKinds,
  MAIN_FILE_KIND_LABELS,
  MAIN_FILE_KINDS,
  parseGradeRange,
  parseRand,
  parseTimeLimit,
  TRANSLATED_LOCALES,
  translatedColumns,
  type CatalogueColumn,
  type ItemFields,
  type SheetColumn,
  type MainFileKind,
  type StaffCatalogue,
  type StaffItem,
} from '@eisteddfod/shared';

// Reading one row of a catalogue spreadsheet into an item's fields (catalogue-import.ts plans
// the import from them).

export const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

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

export type Category = StaffCatalogue['categories'][number];

/** One row being read: its cells by column, and what is wrong with it. */
export interface RowReader {
  /** The cell's text; undefined when the sheet has no such column. */
  cell: (column: SheetColumn) => string | undefined;
  problem: (column: SheetColumn | null, code: string, message: string) => void;
}

// Each field: the cell's value when the column is there, else the item's, else a default.
function read<T>(
  reader: RowReader,
  column: CatalogueColumn,
  parse: (text: string) => T | undefined,
  fallback: T,
  hint: string,
): T {
  const text = reader.cell(column);
  if (text === undefined) return fallback;
  const value = parse(text);
  if (value === undefined) {
    reader.problem(column, 'UNREADABLE', `${column} “${text.trim()}” ${hint}`);
    return fallback;
  }
  return value;
}

/** The row's fields, each read in the sheet's column order, as ItemFieldsSchema checks them. */
export function readCandidate(
  reader: RowReader,
  code: string,
  existing: StaffItem | undefined,
  category: Category | undefined,
) {
  const { cell } = reader;
  const isGroupItem = read(
    reader,
    'Group item',
    readYesNo,
    existing?.isGroupItem ?? false,
    'is not Yes or No.',
  );
  const defaultSize = isGroupItem ? 2 : 1;
  return {
    code,
    categoryId: category?.id ?? existing?.categoryId ?? 0,
    shortDescription: cell('Short description') ?? '',
    description: cell('Description') ?? existing?.description ?? '',
    priceCents: read(
      reader,
      'Price',
      parseRand,
      existing?.priceCents ?? 0,
      'is not an amount such as 160.00.',
    ),
    dueDate: read(
      reader,
      'Due date',
      readDate,
      existing?.dueDate ?? '',
      'is not a date such as 2026-04-24.',
    ),
    isGroupItem,
    minimumParticipants: read(
      reader,
      'Minimum participants',
      readWhole,
      existing?.minimumParticipants ?? defaultSize,
      'is not a whole number.',
    ),
    maximumParticipants: read(
      reader,
      'Maximum participants',
      readWhole,
      existing?.maximumParticipants ?? (isGroupItem ? 30 : 1),
      'is not a whole number.',
    ),
    ...readLaterFields(reader, existing, category),
    translations: readTranslations(reader, existing),
  };
}

/**
 * The item's words in each language: a language's column the sheet has sets them (empty clears
 * them), one it leaves out keeps what the item has (decision 070).
 */
function readTranslations(reader: RowReader, existing: StaffItem | undefined) {
  const translations: NonNullable<ItemFields['translations']> = {};
  for (const locale of TRANSLATED_LOCALES) {
    const kept = existing?.translations[locale] ?? {};
    const columns = translatedColumns(locale);
    translations[locale] = {
      shortDescription: reader.cell(columns.shortDescription) ?? kept.shortDescription ?? '',
      description: reader.cell(columns.description) ?? kept.description ?? '',
    };
  }
  return translations;
}

/** The fields after the participants' numbers, read in the same order. */
function readLaterFields(
  reader: RowReader,
  existing: StaffItem | undefined,
  category: Category | undefined,
) {
  return {
    requiresAnInstrument: read(
      reader,
      'Instrument required',
      readYesNo,
      existing?.requiresAnInstrument ?? false,
      'is not Yes or No.',
    ),
    mainFileKinds: read(
      reader,
      'Main file kinds',
      (t) =>
        t.trim() === ''
          ? (existing?.mainFileKinds ?? defaultMainFileKinds(category?.section ?? 'Music'))
          : readKinds(t),
      existing?.mainFileKinds ?? defaultMainFileKinds(category?.section ?? 'Music'),
      `is not a list of ${MAIN_FILE_KINDS.map((k) => MAIN_FILE_KIND_LABELS[k]).join(', ')}.`,
    ),
    timeLimitSeconds: read(
      reader,
      'Time limit',
      parseTimeLimit,
      existing?.timeLimitSeconds ?? null,
      'is not a time such as 3:00.',
    ),
    retired: read(reader, 'Retired', readYesNo, existing?.retired ?? false, 'is not Yes or No.'),
    grades: read(
      reader,
      'Grades',
      parseGradeRange,
      existing?.grades ?? null,
      'is not a range of grades such as R to 3, 4 to 7 or 10 (empty: every grade).',
    ),
    otherGradesAllowed: read(
      reader,
      'Other grades allowed',
      readYesNo,
      existing?.otherGradesAllowed ?? false,
      'is not Yes or No.',
    ),
  };
}
