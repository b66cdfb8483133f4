import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { parseSheet } from './catalogue-sheet-parse.ts';

// What the untrusted-file child hands back crosses to the server's process whole: it is bounded
// as the file is (review of issue 35: 9 KB of XLSX came back as 200 million characters).
describe('a sheet read from an untrusted file', () => {
  it('keeps one character past the longest field of a cell, however often a string is shared', async () => {
    const long = 'x'.repeat(1_000_000);
    const rows = [
      ['First name', 'Surname', 'Grade', 'Gender'].map((value) => ({ value })),
      ...Array.from({ length: 8 }, () => Array.from({ length: 4 }, () => ({ value: long }))),
    ];
    const file = await writeXlsxFile(rows).toBuffer();
    expect(file.length).toBeLessThan(100_000);

    const sheet = await parseSheet(file);
    expect(sheet).toHaveLength(9);
    expect(sheet[1]?.[0]).toHaveLength(4_001);
    expect(sheet.flat().reduce((sum, cell) => sum + cell.length, 0)).toBeLessThan(200_000);
  });

  it('refuses a CSV of more rows than any import takes, and keeps 60 cells of a row', async () => {
    const wide = Array.from({ length: 100 }, (_, i) => `c${i}`).join(',');
    const [row] = await parseSheet(Buffer.from(`${wide}\n`));
    expect(row).toHaveLength(60);
    const tall = Buffer.from('a\n'.repeat(20_001));
    await expect(parseSheet(tall)).rejects.toMatchObject({ code: 'IMPORT_UNREADABLE' });
  });
});
