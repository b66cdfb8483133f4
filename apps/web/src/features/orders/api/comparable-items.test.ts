import { describe, expect, it } from 'vitest';
import { makeItem, makeOrderItem } from '../../../test/catalogue-server.ts';
import { comparableItems } from './comparable-items.ts';

describe('comparableItems (View Order, Edit Item Selection)', () => {
  const range = (lowest: string, highest: string) => ({ grades: { lowest, highest } });
  const current = makeItem(1, range('4', '7'));

  it('offers only items of the same section and kind that the contestant may enter by grade', () => {
    const entry = makeOrderItem(current); // Lindiwe, Grade 5
    const candidates = [
      current,
      makeItem(2, range('R', '3')),
      makeItem(3, range('4', '7')),
      makeItem(4, { ...range('R', '3'), otherGradesAllowed: true }),
      makeItem(5, { grades: null }),
      makeItem(6, { ...range('4', '7'), isGroupItem: true }),
      makeItem(7, { ...range('4', '7'), category: { id: 9, name: 'Piano', section: 'Music' } }),
    ];
    expect(comparableItems(candidates, entry).map((i) => i.id)).toEqual([1, 3, 4, 5]);
  });

  it('leaves out items a group member may not enter', () => {
    const group = makeItem(1, { ...range('4', '7'), isGroupItem: true });
    const member = { firstName: 'Sipho', surname: 'Dube', school: 'X', gender: 'male' };
    const entry = makeOrderItem(group, {
      groupParticipants: [{ ...member, grade: '8' }],
    });
    const wider = makeItem(2, { ...range('4', '9'), isGroupItem: true });
    expect(comparableItems([group, wider], entry).map((i) => i.id)).toEqual([2]);
  });
});
