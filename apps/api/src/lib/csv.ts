/**
 * One CSV cell of an export a person opens in a spreadsheet (the entries export, the
 * bookkeeper's payments): prefixed with ' when it starts with = + - @ (or a tab or carriage
 * return), so that a spreadsheet never runs a name typed by a family as a formula (CSV
 * injection); quoted when it holds a comma, quote or line break, and also a semicolon or a tab,
 * which Excel splits on where the list separator is ';' (as in South Africa's regional
 * settings): unquoted, `x;=1+cmd` would be read as two cells, the second a formula.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A plain decimal ('-20.00', an amount) is a number to a spreadsheet, not a formula.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) {
    text = `'${text}`;
  }
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A cell of a CSV this portal exported, as the text it stood for: the ' that csvCell (or
 * csv-stringify's escape_formulas) put before = + - @ tab or carriage return comes off again, so
 * that an export imports back unchanged.
 */
export const csvCellText = (cell: string): string =>
  /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
