import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, messageOf } from '../api-client.ts';
import { pseudoText } from '../../../scripts/compile-catalogues.ts';
import { activate, catalogue, languageLoaded, readerLocale } from './catalogue.ts';
import en from './messages/en.json' with { type: 'json' };
import { RichText } from './RichText.tsx';

// A catalogue of this test's own (messages/en.json beside it), compiled by the build's plugin.
const text = catalogue('i18n-test', { en }, (locale) => import(`./messages/${locale}.json`));

describe('catalogue (decision 057)', () => {
  it('reads a message by its key, filling its placeholders and plurals', () => {
    expect(text('plain')).toBe('Send message');
    expect(text('placeholder', { ticketNumber: 'T-000001' })).toBe(
      'Your ticket number is T-000001',
    );
    expect(text('plural', { count: 1 })).toBe('1 entry to finalise');
    expect(text('plural', { count: 3 })).toBe('3 entries to finalise');
  });

  it('puts elements where the message names them', () => {
    render(
      <p>
        <RichText
          text={text}
          id="rich"
          components={{ 0: <a href="/faq.pdf" />, 1: <span className="hidden" /> }}
        />
      </p>,
    );
    const link = screen.getByRole('link', { name: 'FAQ (PDF), opens in a new tab' });
    expect(link).toHaveAttribute('href', '/faq.pdf');
    expect(link.parentElement).toHaveTextContent('Read the FAQ (PDF), opens in a new tab first.');
    expect(link.querySelector('.hidden')).toHaveTextContent(', opens in a new tab');
  });

  it('draws a self-closing tag as its element, and a tag with no element as its words', () => {
    const { container } = render(
      <p>
        <RichText text={text} id="selfClosing" components={{ 0: <br /> }} />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('Line one<br>Line two, kept as words');
  });
});

describe('another language (decision 069)', () => {
  it('loads a catalogue’s file in it only when a reader of it needs it, English where it has none', async () => {
    const asked: string[] = [];
    const af = catalogue(
      'i18n-test-af',
      { en: { hello: 'Hello {name}', bye: 'Goodbye' } },
      (locale) => {
        asked.push(locale);
        return Promise.resolve({ default: { hello: 'Hallo {name}' } });
      },
    );
    expect(asked).toEqual([]);
    await activate('af');
    try {
      expect(readerLocale()).toBe('af');
      expect(asked).toEqual(['af']);
      expect(af('hello', { name: 'Thandi' })).toBe('Hallo Thandi');
      expect(af('bye')).toBe('Goodbye');
      // A catalogue with no file in the language yet says its English, never its ids.
      const untranslated = catalogue('i18n-test-none', { en: { word: 'Word' } }, () =>
        Promise.reject(new Error('Unknown variable dynamic import: ./messages/af.json')),
      );
      await languageLoaded();
      expect(untranslated('word')).toBe('Word');
      // One loaded while the reader reads it is asked for at once; a screen waits for it.
      const later = catalogue('i18n-test-later', { en: { word: 'Word' } }, () =>
        Promise.resolve({ default: { word: 'Woord' } }),
      );
      await languageLoaded();
      expect(later('word')).toBe('Woord');
    } finally {
      await activate('en');
    }
    expect(af('hello', { name: 'Thandi' })).toBe('Hello Thandi');
  });
});

describe('messageOf', () => {
  const refused = (messageId?: string) =>
    new ApiRequestError(400, {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'The server’s own words',
      ...(messageId ? { messageId, values: { ticketNumber: 'T-000001' } } : {}),
    });

  it('says a server error by its message id when a loaded catalogue has it', () => {
    expect(messageOf(refused('i18n-test.placeholder'))).toBe('Your ticket number is T-000001');
  });

  it('keeps the server’s words for an id no loaded catalogue has, or none', () => {
    expect(messageOf(refused('cart.notLoadedHere'))).toBe('The server’s own words');
    expect(messageOf(refused('constructor'))).toBe('The server’s own words');
    expect(messageOf(refused())).toBe('The server’s own words');
  });
});

describe('pseudoText', () => {
  it('accents and brackets text, and leaves the rich-text tags and bare punctuation alone', () => {
    expect(pseudoText('Read the <0>FAQ</0> first.')).toBe('⟦Réáď ţĥé ⟧<0>⟦FÁQ⟧</0>⟦ fíŕšţ.⟧');
    expect(pseudoText(', ')).toBe(', ');
  });
});
