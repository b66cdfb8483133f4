import { describe, expect, it } from 'vitest';
import {
  countOfTexts,
  untranslatedCatalogueTexts,
  untranslatedSiteTexts,
} from './untranslated.rules.ts';
import type { SiteContent } from '../event/site-content.schema.ts';

const content: SiteContent = {
  title: 'Eisteddfod 2025',
  intro: 'Welcome',
  translations: { af: { title: 'Eisteddfod 2025', intro: '' } },
  faq: [
    {
      question: 'When?',
      answer: 'June',
      translations: { af: { question: 'Wanneer?', answer: 'Junie' } },
    },
    { question: 'Where?', answer: 'Online' },
  ],
  artworks: [],
  participatingSchools: [],
  adjudicators: [
    {
      name: 'Ann Smith',
      discipline: 'Piano',
      summary: 'Teaches',
      bio: ['Born.'],
      portrait: 'a.webp',
      translations: { af: { discipline: 'Klavier', summary: 'Gee klas', bio: ['Gebore.'] } },
    },
  ],
};

describe('untranslatedSiteTexts', () => {
  it('lists each text with the fields still missing in the language, the translated left out', () => {
    const list = untranslatedSiteTexts('af', content);
    expect(list).toEqual([
      { where: 'Site', fields: ['intro'] },
      { where: 'FAQ 2 “Where?”', fields: ['question', 'answer'] },
    ]);
    expect(countOfTexts(list)).toBe(3);
  });
});

describe('untranslatedCatalogueTexts', () => {
  it('lists category names and live items, not retired ones', () => {
    const list = untranslatedCatalogueTexts('af', {
      categories: [{ name: 'Poetry', translations: { af: { name: 'Poësie' } } }, { name: 'Piano' }],
      items: [
        { code: 'A1', shortDescription: 'Solo', description: '', translations: {} },
        { code: 'A2', shortDescription: 'Duet', description: 'Two', retired: true },
      ],
    });
    expect(list).toEqual([
      { where: 'Category Piano', fields: ['name'] },
      { where: 'Item A1', fields: ['shortDescription'] },
    ]);
  });
});
