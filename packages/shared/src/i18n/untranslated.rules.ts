import type { SiteContent } from '../event/site-content.schema.ts';
import { untranslatedFields } from './translations.ts';

/** One text of the organisers' not yet written in a language: where it is, and which fields. */
export interface UntranslatedText {
  /** What it is, in the staff console's words (decision 069: the console stays English). */
  where: string;
  fields: string[];
}

const shorten = (words: string) => (words.length > 60 ? `${words.slice(0, 57)}…` : words);

/**
 * What the site content (title, introduction, FAQ, adjudicators) still lacks in `locale`: the
 * list shown before publishing, which never stops a publish (decision 070).
 */
export function untranslatedSiteTexts(locale: string, content: SiteContent): UntranslatedText[] {
  const found: UntranslatedText[] = [];
  const add = (where: string, fields: string[]) => {
    if (fields.length > 0) found.push({ where, fields });
  };
  add('Site', untranslatedFields(locale, content, ['title', 'intro']));
  content.faq.forEach((entry, i) =>
    add(
      `FAQ ${i + 1} “${shorten(entry.question)}”`,
      untranslatedFields(locale, entry, ['question', 'answer']),
    ),
  );
  for (const adjudicator of content.adjudicators) {
    add(
      `Adjudicator ${adjudicator.name}`,
      untranslatedFields(locale, adjudicator, ['discipline', 'summary', 'bio']),
    );
  }
  return found;
}

interface CatalogueWords {
  categories: { name: string; translations?: Record<string, { name?: string }> }[];
  items: {
    code: string;
    shortDescription: string;
    description: string;
    retired?: boolean;
    translations?: Record<string, { shortDescription?: string; description?: string }>;
  }[];
}

/** What the catalogue (category names, items' descriptions) still lacks in `locale`. */
export function untranslatedCatalogueTexts(
  locale: string,
  catalogue: CatalogueWords,
): UntranslatedText[] {
  const found: UntranslatedText[] = [];
  for (const category of catalogue.categories) {
    const fields = untranslatedFields(locale, category, ['name']);
    if (fields.length > 0) found.push({ where: `Category ${category.name}`, fields });
  }
  // A retired item is offered to no one: its words wait for no translator.
  for (const item of catalogue.items.filter((i) => !i.retired)) {
    const fields = untranslatedFields(locale, item, ['shortDescription', 'description']);
    if (fields.length > 0) found.push({ where: `Item ${item.code}`, fields });
  }
  return found;
}

/** How many texts (fields) are still untranslated in a list: the task list's "N texts". */
export const countOfTexts = (list: UntranslatedText[]): number =>
  list.reduce((n, t) => n + t.fields.length, 0);
