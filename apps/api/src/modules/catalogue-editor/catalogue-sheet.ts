import { stringify } from 'csv-stringify/sync';
import writeXlsxFile from 'write-excel-file/node';
import type { SheetData } from 'write-excel-file/node';
import {
  formatTimeLimit,
  gradeRangeCell,
  MAIN_FILE_KIND_LABELS,
  sheetColumns,
  TRANSLATED_LOCALES,
  translatedColumns,
  type SheetColumn,
  type SpreadsheetFormat,
  type StaffCatalogue,
} from '@eisteddfod/shared';
import { AppError } from '../../lib/errors.ts';
import { UnreadableFileError } from '../../lib/strip-metadata/errors.ts';
import { runUntrusted, SHEET_LIMITS } from '../../lib/untrusted.ts';
import { UNREADABLE_XLSX, yesNo } from './catalogue-sheet-parse.ts';

// The catalogue as a spreadsheet (issue 16): one row per item in CATALOGUE_COLUMNS, written as
// CSV or XLSX and read back from either. Organisers keep their catalogue in spreadsheets; the
// libraries are csv-parse/csv-stringify and read-/write-excel-file (decision 015).

/** A sheet as text: the header row, then one row per item, every cell a string. */
export type SheetRows = string[][];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** 160.00: an amount as the Price column holds it (no currency sign, a point for decimals). */
const formatPrice = (cents: number) => (cents / 100).toFixed(2);

/** Each item's cells as text, in CATALOGUE_COLUMNS' order, under the header. */
function catalogueRows(catalogue: StaffCatalogue): Record<SheetColumn, string>[] {
  const categories = new Map(catalogue.categories.map((c) => [c.id, c]));
  return catalogue.items.map((item) => {
    const category = categories.get(item.categoryId);
    return {
      Code: item.code,
      Section: category?.section ?? '',
      Category: category?.name ?? '',
      'Short description': item.shortDescription,
      Description: item.description,
      Price: formatPrice(item.priceCents),
      'Due date': item.dueDate,
      'Group item': yesNo(item.isGroupItem),
      'Minimum participants': String(item.minimumParticipants),
      'Maximum participants': String(item.maximumParticipants),
      'Instrument required': yesNo(item.requiresAnInstrument),
      'Main file kinds': item.mainFileKinds.map((k) => MAIN_FILE_KIND_LABELS[k]).join(', '),
      'Time limit': formatTimeLimit(item.timeLimitSeconds),
      Retired: yesNo(item.retired),
      Grades: gradeRangeCell(item.grades),
      'Other grades allowed': yesNo(item.otherGradesAllowed),
      ...Object.fromEntries(
        TRANSLATED_LOCALES.flatMap((locale) => {
          const columns = translatedColumns(locale);
          const words = item.translations[locale];
          return [
            [columns.shortDescription, words?.shortDescription ?? ''],
            [columns.description, words?.description ?? ''],
          ];
        }),
      ),
    };
  });
}

/** Numbers and dates go into XLSX as such, so that a spreadsheet sorts and sums them. */
function xlsxCell(column: SheetColumn, text: string): SheetData[number][number] {
  switch (column) {
    case 'Price':
      return { value: Number(text), type: Number, format: '0.00' };
    case 'Minimum participants':
    case 'Maximum participants':
      return { value: Number(text), type: Number };
    case 'Due date':
      return { value: new Date(`${text}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' };
    default:
      return { value: text, type: String };
  }
}

export async function writeSheet(
  catalogue: StaffCatalogue,
  format: SpreadsheetFormat,
): Promise<Buffer> {
  const rows = catalogueRows(catalogue);
  const columns = sheetColumns();
  if (format === 'csv') {
    // A byte-order mark, so that Excel reads the en dashes and accents as UTF-8.
    // A cell that starts like a formula is written as text ('=...): an organiser opens this in
    // a spreadsheet, and a description is anyone's typing. The import takes the ' off again.
    const text = stringify([columns, ...rows.map((r) => columns.map((c) => r[c]))], {
      escape_formulas: true,
    });
    return Buffer.from(`\uFEFF${text}`, 'utf8');
  }
  const data: SheetData = [
    columns.map((c) => ({ value: c, type: String, fontWeight: 'bold' as const })),
    ...rows.map((r) => columns.map((c) => xlsxCell(c, r[c] ?? ''))),
  ];
  return writeXlsxFile(data, {
    sheet: 'Catalogue',
    stickyRowsCount: 1,
    columns: columns.map((c) => ({ width: c.startsWith('Description') ? 60 : c.length + 4 })),
  }).toBuffer();
}

/**
 * The sheet's rows as text, from an XLSX file (its first sheet) or a CSV file (UTF-8), read in a
 * child process with a time and memory limit (decision 030): a 100 KB file can unzip to 100 MB.
 */
export async function readSheet(file: { fileName: string; data: Buffer }): Promise<SheetRows> {
  try {
    return await runUntrusted('parseSheet', { data: file.data }, SHEET_LIMITS);
  } catch (err) {
    // Over the limits, or a parser that died on the file: the file's fault, told as such.
    if (err instanceof UnreadableFileError)
      throw new AppError(415, 'IMPORT_UNREADABLE', UNREADABLE_XLSX);
    throw err;
  }
}
