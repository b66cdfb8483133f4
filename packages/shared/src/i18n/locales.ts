/**
 * The languages the product speaks (decision 057). English is the spec's language and the one
 * every message is written in first; a second language is one more entry here and one catalogue
 * file beside each English one (issue 36).
 */
export const LOCALES = ['en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
