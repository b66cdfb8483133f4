import { inReadersLanguage, type Translations } from '@eisteddfod/shared';

// What the server writes to a family (mail, WhatsApp, certificates) names items and categories
// in the family's language when it knows it, the English where the organisers have not
// translated them (decision 070): the same choice the web makes, by the same shared function.

type Named =
  | { shortDescription: string; translations?: Translations<{ shortDescription: string }> }
  | { name: string; translations?: Translations<{ name: string }> };

/** An item's short description, or a category's name, in `locale` (English where missing). */
export function nameIn(locale: string, named: Named): string {
  return 'shortDescription' in named
    ? inReadersLanguage(locale, named).shortDescription
    : inReadersLanguage(locale, named).name;
}
