import { describe, expect, it } from 'vitest';
import { nameIn } from './organisers-words.ts';

describe('nameIn', () => {
  const item = { shortDescription: 'Poetry', translations: { af: { shortDescription: 'Poësie' } } };

  it("names an item or a category in the family's language, the English where missing", () => {
    expect(nameIn('af', item)).toBe('Poësie');
    expect(nameIn('en', item)).toBe('Poetry');
    expect(nameIn('af', { name: 'Choirs', translations: {} })).toBe('Choirs');
    expect(nameIn('af', { name: 'Choirs', translations: { af: { name: 'Kore' } } })).toBe('Kore');
    expect(nameIn('af', { shortDescription: 'Solo' })).toBe('Solo');
  });
});
