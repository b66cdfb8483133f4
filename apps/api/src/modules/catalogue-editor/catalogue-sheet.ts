import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import readXlsx from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { SheetData } from 'write-excel-file/node';
import {
  CATALOGUE_COLUMNS,
  formatTimeLimit,
  MAIN_FILE_KIND_LABELS,
  type CatalogueColumn,
  type SpreadsheetFormat,
  type StaffCatalogue,
} from '@eisteddfod/shared';
import { AppError } from '../../lib/errors.ts';

// The catalogue as a spreadsheet (issue 16): one row per item in CATALOGUE_COLUMNS, written as
// CSV or XLSX and read back from either. Organisers keep their catalogue in spreadsheets; the
// libraries are csv-parse/csv-stringify and read-/write-excel-file (decision 015).

/** A sheet as text: the header row, then one row per item, every cell a string. */
export type SheetRows = string[][];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** 160.00: an amount as the Price column holds it (no currency sign, a point for decimals). */
const formatPrice = (cents: number) => (cents / 100).toFixed(2);

/** Each item's cells as text, in CATALOGUE_COLUMNS' order, under the header. */
function catalogueRows(catalogue: StaffCatalogue): Record<CatalogueColumn, string>[] {
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
    };
  });
}

/** Numbers and dates go into XLSX as such, so that a spreadsheet sorts and sums them. */
function xlsxCell(column: CatalogueColumn, text: string): SheetData[number][number] {
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
  if (format === 'csv') {
    // A byte-order mark, so that Excel reads the en dashes and accents as UTF-8.
    const text = stringify([
      [...CATALOGUE_COLUMNS],
      ...rows.map((r) => CATALOGUE_COLUMNS.map((c) => r[c])),
    ]);
    return Buffer.from(`\uFEFF${text}`, 'utf8');
  }
  const data: SheetData = [
    CATALOGUE_COLUMNS.map((c) => ({ value: c, type: String, fontWeight: 'bold' as const })),
    ...rows.map((r) => CATALOGUE_COLUMNS.map((c) => xlsxCell(c, r[c]))),
  ];
  return writeXlsxFile(data, {
    sheet: 'Catalogue',
    stickyRowsCount: 1,
    columns: CATALOGUE_COLUMNS.map((c) => ({ width: c === 'Description' ? 60 : c.length + 4 })),
  }).toBuffer();
}

const unreadable = (message: string) => new AppError(415, 'IMPORT_UNREADABLE', message);

/** A cell of an XLSX sheet as the text a CSV would hold. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return yesNo(value);
  return String(value);
}

/** An XLSX file starts as every ZIP archive does. */
const isZip = (data: Buffer) => data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
/** The old binary Excel format (and other OLE files) start with this signature. */
const isOle = (data: Buffer) => data.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));

/** The sheet's rows as text, from an XLSX file (its first sheet) or a CSV file (UTF-8). */
export async function readSheet(file: { fileName: string; data: Buffer }): Promise<SheetRows> {
  if (isOle(file.data))
    throw unreadable('This is an old Excel file (.xls): save it as .xlsx or .csv and try again.');
  if (isZip(file.data)) {
    try {
      const [first] = await readXlsx(file.data);
      return (first?.data ?? []).map((row) => row.map(cellText));
    } catch {
      throw unreadable(
        'This spreadsheet could not be read. Save it as .xlsx or .csv and try again.',
      );
    }
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file.data);
  if (text.includes('\uFFFD') || text.includes('\u0000'))
    throw unreadable(
      'This file is not a CSV in UTF-8. Save it as .xlsx or as CSV UTF-8 and try again.',
    );
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as SheetRows;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw unreadable(
      `This CSV could not be read${line ? ` (near line ${line})` : ''}: check its quotes and try again.`,
    );
  }
}
