/**
 * A small RFC 4180 reader for the catalogue files: quoted fields may hold commas, doubled quotes
 * and line breaks. Returns one record per row, keyed by the header.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header, ...records] = rows.filter((r) => !(r.length === 1 && r[0] === ''));
  if (!header) return [];
  return records.map((r, index) => {
    if (r.length !== header.length) {
      throw new Error(`CSV row ${index + 2} has ${r.length} fields, expected ${header.length}`);
    }
    return Object.fromEntries(header.map((h, j) => [h, r[j] ?? '']));
  });
}
