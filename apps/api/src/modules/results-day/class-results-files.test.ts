import { describe, expect, it } from 'vitest';
import { safeFileName } from './class-results-files.ts';

// Decision 067: a certificate's name in the class's ZIP opens on Windows, macOS and Linux.
describe('safeFileName', () => {
  it('drops what a file system refuses: separators, reserved characters, control characters', () => {
    expect(safeFileName('Ndlovu/Smit  Thabo\\x: "A"<b>|c?*')).toBe('Ndlovu Smit Thabo x A b c');
    expect(safeFileName('Tab\there\nnew\u0000line\u007f')).toBe('Tab here new line');
  });

  it('keeps accents, trims dots and spaces at either end, and cuts long names', () => {
    expect(safeFileName('..  Zoë Müller - DA101 Poëzie. ')).toBe('Zoë Müller - DA101 Poëzie');
    const long = safeFileName(`${'Mokoena '.repeat(30)}- DA101`);
    expect([...long].length).toBeLessThanOrEqual(120);
    expect(long).not.toMatch(/\s$/);
    expect(safeFileName('...')).toBe('Certificate');
  });
});
