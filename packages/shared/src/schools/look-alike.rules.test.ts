import { describe, expect, it } from 'vitest';
import { lookAlikesOf, looksAlike } from './look-alike.rules.ts';

describe('school names that look alike', () => {
  it('finds the same school written another way', () => {
    expect(looksAlike('Jacaranda Primary School', 'jacaranda  primary')).toBe(true);
    expect(looksAlike('St. Mary’s College', 'St Marys College')).toBe(true);
    expect(looksAlike('Bluegum Hights', 'Bluegum Heights High School')).toBe(true);
    expect(looksAlike('Laerskool Waterkloof', 'Waterkloof Primary')).toBe(true);
  });

  it('keeps different schools apart', () => {
    expect(looksAlike('Jacaranda Primary', 'Bluegum Primary')).toBe(false);
    expect(looksAlike('Pretoria High School', 'Durban High School')).toBe(false);
    expect(looksAlike('Primary School', 'High School')).toBe(false);
  });

  it('lists the look-alikes of a name from a list, at most five', () => {
    const list = [{ name: 'Jacaranda Primary' }, { name: 'Bluegum College' }];
    expect(lookAlikesOf('Jacaranda Prim School', list)).toEqual([{ name: 'Jacaranda Primary' }]);
    const many = Array.from({ length: 9 }, () => ({ name: 'Oak Academy' }));
    expect(lookAlikesOf('Oak', many)).toHaveLength(5);
  });
});
