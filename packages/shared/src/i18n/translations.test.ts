import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inReadersLanguage, untranslatedFields, writtenTranslations } from './translations.ts';
import { translationsSchema } from './translations.schema.ts';
import { LOCALES } from './locales.ts';

const item = {
  code: 'DA101',
  shortDescription: 'Poetry',
  description: 'A poem of your choice',
  translations: { af: { shortDescription: 'Poësie', description: '  ' } },
};

describe('inReadersLanguage', () => {
  it('shows each translated field and the English where the translation is missing or blank', () => {
    expect(inReadersLanguage('af', item)).toEqual({
      ...item,
      shortDescription: 'Poësie',
      description: 'A poem of your choice',
    });
  });

  it('shows the English to an English reader and to a language nobody translated into', () => {
    expect(inReadersLanguage('en', item)).toBe(item);
    expect(inReadersLanguage('zu', item).shortDescription).toBe('Poetry');
    const { translations: _none, ...bare } = item;
    expect(inReadersLanguage('af', bare)).toEqual(bare);
  });

  it('takes a translated list (a biography) without its blank paragraphs, none written: the English', () => {
    const bio = { bio: ['One.', 'Two.'], translations: { af: { bio: [' ', ''] } } };
    expect(inReadersLanguage('af', bio).bio).toEqual(['One.', 'Two.']);
    bio.translations.af.bio = ['Een.', '', 'Twee.'];
    expect(inReadersLanguage('af', bio).bio).toEqual(['Een.', 'Twee.']);
  });

  it('never adds a field the English does not have', () => {
    const odd = { name: 'Music', translations: { af: { name: 'Musiek', extra: 'x' } } };
    expect(inReadersLanguage('af', odd)).not.toHaveProperty('extra');
  });
});

describe('untranslatedFields', () => {
  it('lists the written English fields whose translation is missing, not the blank ones', () => {
    expect(untranslatedFields('af', item, ['shortDescription', 'description'])).toEqual([
      'description',
    ]);
    const blank = { ...item, description: '' };
    expect(untranslatedFields('af', blank, ['shortDescription', 'description'])).toEqual([]);
  });
});

describe('writtenTranslations', () => {
  it('keeps only what is written: no blank field, paragraph or language', () => {
    expect(
      writtenTranslations<{ title: string; bio: string[] }>({
        af: { title: ' ', bio: ['Een.', ''] },
        zu: { title: '' },
      }),
    ).toEqual({ af: { bio: ['Een.'] } });
  });
});

describe('translationsSchema', () => {
  const schema = translationsSchema(z.object({ name: z.string() }));

  it('refuses English and any language the product does not speak', () => {
    expect(schema.safeParse({ en: { name: 'Music' } }).success).toBe(false);
    expect(schema.safeParse({ xx: { name: 'Music' } }).success).toBe(false);
    expect(schema.safeParse({}).success).toBe(true);
  });

  it.runIf(LOCALES.includes('af' as never))('takes Afrikaans once the product speaks it', () => {
    expect(schema.safeParse({ af: { name: 'Musiek' } }).success).toBe(true);
  });
});
