import { describe, expect, it } from 'vitest';
import { acceptedLanguages, localeFrom, LOCALES } from './locales.ts';

describe('the languages (decision 069)', () => {
  it('are English and Afrikaans, English first', () => {
    expect(LOCALES).toEqual(['en', 'af']);
  });

  it('picks the first preferred language the product speaks, by its primary subtag', () => {
    expect(localeFrom(['af-ZA', 'en-GB'])).toBe('af');
    expect(localeFrom(['zu-ZA', 'AF'])).toBe('af');
    expect(localeFrom(['en-US', 'af'])).toBe('en');
    expect(localeFrom(['zu', 'xh'])).toBe('en');
    expect(localeFrom([])).toBe('en');
  });

  it('orders an Accept-Language header by weight, dropping * and q=0', () => {
    expect(acceptedLanguages('en;q=0.5, af-ZA, zu;q=0, *;q=0.1')).toEqual(['af-ZA', 'en']);
    expect(localeFrom(acceptedLanguages('en-GB;q=0.8,af;q=0.9'))).toBe('af');
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
