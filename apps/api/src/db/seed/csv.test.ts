import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const rows = parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\nplain,\n');
    expect(rows).toEqual([
      { a: 'x, y', b: 'say "hi"\nthere' },
      { a: 'plain', b: '' },
    ]);
  });

  it('names the row whose field count is wrong', () => {
    expect(() => parseCsv('a,b\n1,2\n3\n')).toThrow(/row 3 has 1 fields, expected 2/);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(/inside a quoted field/);
  });
});
