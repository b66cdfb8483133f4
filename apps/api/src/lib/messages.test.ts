import {
  CART_TEXT,
  CHECKOUT_TEXT,
  GRADE_TEXT,
  gradeProblem,
  gradeRangeMessage,
  groupCountMessage,
  SUPPORT_TEXT,
} from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { isMessageId, languagesLoaded, serverCatalogue, wordsOf } from './messages.ts';

describe('the server translator (decision 057)', () => {
  it('says a shared catalogue’s message by its id', () => {
    expect(wordsOf(SUPPORT_TEXT.say('name'))).toBe('Please enter your name.');
    expect(isMessageId(SUPPORT_TEXT.id('name'))).toBe(true);
    expect(isMessageId('support.nope')).toBe(false);
  });

  it('reads a module’s own catalogue, with placeholders and plurals', () => {
    const text = serverCatalogue(
      'messages-test',
      {
        en: {
          greeting: 'Dear {name},',
          entries: '{count, plural, one {# entry is} other {# entries are}} out.',
        },
      },
      () => Promise.reject(new Error('English only')),
    );
    expect(text('greeting', { name: 'Thandi' })).toBe('Dear Thandi,');
    expect(text('entries', { count: 1 })).toBe('1 entry is out.');
    expect(text('entries', { count: 3 })).toBe('3 entries are out.');
  });

  it('says a module’s words in another language, and in English where it has none', async () => {
    const text = serverCatalogue(
      'messages-test-af',
      { en: { greeting: 'Dear {name},', thanks: 'Thank you.' } },
      async (locale) => ({ default: locale === 'af' ? { greeting: 'Liewe {name},' } : {} }),
    );
    await languagesLoaded();
    expect(text.in('af')('greeting', { name: 'Thandi' })).toBe('Liewe Thandi,');
    expect(text.in('af')('thanks')).toBe('Thank you.');
    expect(text('greeting', { name: 'Thandi' })).toBe('Dear Thandi,');
  });

  it('refuses a second catalogue of a name already taken, whose words would mix', () => {
    expect(() =>
      serverCatalogue('support', { en: { name: 'Your name' } }, () =>
        Promise.reject(new Error('none')),
      ),
    ).toThrow("Two message catalogues are named 'support'");
  });
});

// The shared catalogues' messages with values, in the words the spec and issue 32 give them.
describe('the server’s words of the shared catalogues (decision 057)', () => {
  it('say a range of grades', () => {
    expect(wordsOf(gradeRangeMessage({ lowest: 'R', highest: '3' }))).toBe('Grades R–3');
    expect(wordsOf(gradeRangeMessage({ lowest: '5', highest: '5' }))).toBe('Grade 5');
    expect(wordsOf(gradeRangeMessage(null))).toBe('All grades');
  });

  it('say why a contestant or a group member may not enter an item', () => {
    const item = { grades: { lowest: '5', highest: '5' }, otherGradesAllowed: false };
    expect(wordsOf(gradeProblem(item, { firstName: 'Thandi', grade: '12' })!)).toBe(
      "Thandi is in Grade 12; this item is for Grade 5. Please choose an item for Thandi's grade.",
    );
    const member = { firstName: 'Sipho', surname: 'Nkosi', grade: '9' };
    expect(
      wordsOf(
        gradeProblem(
          { ...item, grades: { lowest: 'R', highest: '3' } },
          { firstName: 'Thandi', grade: '2' },
          [member],
        )!,
      ),
    ).toBe(
      "Sipho Nkosi is in Grade 9; this item is for Grades R–3. Every member of a group must be in the item's grades.",
    );
    expect(wordsOf(GRADE_TEXT.say('showAll'))).toBe('Show items for all grades');
  });

  it('say the cart’s and checkout’s messages with their values', () => {
    expect(wordsOf(groupCountMessage(4, 4))).toBe('This group item needs exactly 4 participants.');
    expect(wordsOf(groupCountMessage(3, 8))).toBe(
      'This group item needs between 3 and 8 participants.',
    );
    expect(wordsOf(CART_TEXT.say('notOpenYet', { opens: '24 March 2025' }))).toBe(
      'Entries open on 24 March 2025. Please come back then.',
    );
    expect(wordsOf(CART_TEXT.say('groupNotice'))).toBe(
      "Please note: the contestants' group photo may be used in the Gala Awards video.",
    );
    expect(wordsOf(CART_TEXT.say('noOrderItem', { id: String(12345) }))).toBe(
      'There is no order item with id 12345',
    );
    expect(wordsOf(CHECKOUT_TEXT.say('itemGone', { itemCode: 'DA101' }))).toBe(
      'Item DA101 is no longer offered.',
    );
    expect(wordsOf(CHECKOUT_TEXT.say('noSuchProvider', { provider: 'paypal' }))).toBe(
      'Payments are not taken with paypal.',
    );
    expect(wordsOf(CHECKOUT_TEXT.say('lateSurcharge', { percent: 50 }))).toBe(
      'A 50% late-entry surcharge is added to the total.',
    );
    expect(wordsOf(CHECKOUT_TEXT.say('changeFee', { fee: 'R100.00' }))).toBe(
      'Changing the item here is free until its due date. After that only the organisers can change a wrong item code, for a change fee of R100.00, or the entry is disqualified.',
    );
  });
});
