import { SUPPORT_TEXT } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { isMessageId, serverCatalogue, wordsOf } from './messages.ts';

describe('the server translator (decision 057)', () => {
  it('says a shared catalogue’s message by its id', () => {
    expect(wordsOf(SUPPORT_TEXT.say('name'))).toBe('Please enter your name.');
    expect(isMessageId(SUPPORT_TEXT.id('name'))).toBe(true);
    expect(isMessageId('support.nope')).toBe(false);
  });

  it('reads a module’s own catalogue, with placeholders and plurals', () => {
    const text = serverCatalogue('messages-test', {
      en: {
        greeting: 'Dear {name},',
        entries: '{count, plural, one {# entry is} other {# entries are}} out.',
      },
    });
    expect(text('greeting', { name: 'Thandi' })).toBe('Dear Thandi,');
    expect(text('entries', { count: 1 })).toBe('1 entry is out.');
    expect(text('entries', { count: 3 })).toBe('3 entries are out.');
  });
});
