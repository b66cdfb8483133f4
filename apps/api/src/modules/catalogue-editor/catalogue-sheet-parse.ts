// Reading a catalogue spreadsheet an organiser sent: in the untrusted-file child only (decision
// 030), as the file can be a zip bomb or drive the XLSX library into deep recursion.
import { parse } from 'csv-parse/sync';
import { csvCellText } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { unzip, zip } from '../../lib/strip-metadata/zip.ts';
import type { SheetRows } from './catalogue-sheet.ts';

/**
 * 10,000 rows of 14 columns (the most an import takes) are about 15 MB of sheet XML with its
 * shared strings; an XML part over 16 MB is refused by zip.ts on its own.
 */
const MAX_SHEET_UNZIPPED_BYTES = 32 * 1024 * 1024;

export const UNREADABLE_XLSX =
  'This spreadsheet could not be read. Save it as .xlsx or .csv and try again.';

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const unreadable = (message: string) => new AppError(415, 'IMPORT_UNREADABLE', message);

/**
 * What the child hands back is bounded as the file is: a small XLSX can point thousands of cells
 * at one long shared string, and every copy would cross to the server's process (review of issue
 * 35). No sheet we import has a field over 4,000 characters or more than 14 columns, so a cell
 * keeps one character more than that (too long, and said so, never cut to fit), a row 60 cells,
 * the sheet 20,000 rows and 16 million characters in all; past those the file is refused.
 */
const MAX_CELL_CHARS = 4_001;
const MAX_ROW_CELLS = 60;
const MAX_SHEET_ROWS = 20_000;
const MAX_SHEET_CHARS = 16_000_000;

const tooLarge = () =>
  unreadable('This spreadsheet holds more than any import takes: split it and try again.');

function bounded(rows: SheetRows): SheetRows {
  if (rows.length > MAX_SHEET_ROWS) throw tooLarge();
  let chars = 0;
  return rows.map((row) =>
    row.slice(0, MAX_ROW_CELLS).map((cell) => {
      const kept = cell.length > MAX_CELL_CHARS ? cell.slice(0, MAX_CELL_CHARS) : cell;
      chars += kept.length;
      if (chars > MAX_SHEET_CHARS) throw tooLarge();
      return kept;
    }),
  );
}

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

/**
 * The sheet's rows as text, from an XLSX file (its first sheet) or a CSV file (UTF-8). Parses an
 * untrusted file: run it through runUntrusted('parseSheet') (readSheet in catalogue-sheet.ts).
 */
export async function parseSheet(data: Buffer): Promise<SheetRows> {
  if (isOle(data))
    throw unreadable('This is an old Excel file (.xls): save it as .xlsx or .csv and try again.');
  if (isZip(data)) {
    try {
      // Every part unzipped within its declared size and the total within MAX_SHEET_UNZIPPED
      // (zip.ts), then zipped again: the library reads only what was bounded here, whatever the
      // file's local headers say.
      // Loaded for an XLSX only: a child starts for each sheet, and a CSV's need not load it.
      const { default: readXlsx } = await import('read-excel-file/node');
      const [first] = await readXlsx(zip(unzip(data, MAX_SHEET_UNZIPPED_BYTES)));
      const rows = first?.data ?? [];
      if (rows.length > MAX_SHEET_ROWS) throw tooLarge();
      return bounded(rows.map((row) => row.slice(0, MAX_ROW_CELLS).map(cellText)));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unreadable(UNREADABLE_XLSX);
    }
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (text.includes('\uFFFD') || text.includes('\u0000'))
    throw unreadable(
      'This file is not a CSV in UTF-8. Save it as .xlsx or as CSV UTF-8 and try again.',
    );
  try {
    const rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as SheetRows;
    // The ' our export put before a cell that starts like a formula comes off again.
    return bounded(rows.map((row) => row.map(csvCellText)));
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw unreadable(
      `This CSV could not be read${line ? ` (near line ${line})` : ''}: check its quotes and try again.`,
    );
  }
}
