import { describe, expect, it } from 'vitest';
import { VALIDATION_TEXT } from './text.messages.ts';
import { hasControlCharacters, text } from './text.schema.ts';

describe('text()', () => {
  it('refuses NUL and the other control characters, anywhere in the text', () => {
    for (const bad of [
      '\u0000',
      'Ayanda\u0000',
      '\u0000Dlamini',
      'a\u0007b',
      '\u001b[31m',
      '\u007f',
    ]) {
      const result = text().safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VALIDATION_TEXT.id('controlCharacters'));
      expect(hasControlCharacters(bad)).toBe(true);
    }
  });

  it('keeps tabs, line breaks and any other character people type', () => {
    for (const good of [
      '',
      'Zinhle Mahlangu',
      'line one\r\nline two\tand a tab',
      'Ñandú 😀',
      '\u202e',
    ]) {
      expect(text().parse(good)).toBe(good);
      expect(hasControlCharacters(good)).toBe(false);
    }
  });

  it('keeps the messages of the rules chained after it', () => {
    const name = text().trim().min(1, 'Please enter your name.').max(5);
    expect(name.safeParse('  ').error?.issues[0]?.message).toBe('Please enter your name.');
    expect(name.parse(' Ann ')).toBe('Ann');
  });
});
