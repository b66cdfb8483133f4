import { CART_TEXT, groupCountMessage } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { wordsOf } from './messages.ts';

// The shared catalogues' messages with values, in the words the spec and issue 32 give them.
describe('the server’s words of the shared catalogues (decision 057)', () => {
  it('say the cart’s messages with their values', () => {
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
  });
});
