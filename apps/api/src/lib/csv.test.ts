import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('a CSV cell a spreadsheet never runs', () => {
  it('prefixes text that starts like a formula', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+27 82 000 0000')).toBe("'+27 82 000 0000");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('-20.00')).toBe('-20.00');
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(-1)).toBe('-1');
  });

  it('quotes text a spreadsheet would split, whatever its list separator (; in en-ZA)', () => {
    // Excel set to split on ';' would read the unquoted cell as two, the second a formula.
    expect(csvCell("x;=1+cmd|' /C calc'!A0")).toBe(`"x;=1+cmd|' /C calc'!A0"`);
    expect(csvCell('tab\t=1+1')).toBe('"tab\t=1+1"');
    expect(csvCell('a "quote", and a comma')).toBe('"a ""quote"", and a comma"');
  });

  it('joins a row with CRLF, empty for null', () => {
    expect(csvRow(['a', null, 3, undefined])).toBe('a,,3,\r\n');
  });
});
