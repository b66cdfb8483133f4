import { DEFAULT_LOCALE, LOCALES } from './locales.ts';

// Organisers' words in the other languages (issue 36, decision 070). Every object that holds
// words an organiser typed (an item, a category, the site's title and introduction, a question
// of the FAQ, an adjudicator) keeps its English fields as they are, for the spec's calls and the
// previous release, and beside them `translations`: by language, the same fields in that
// language, each optional. A reader sees a field in their language where it is written and the
// English where it is not. No zod here: the home page reads through it on a first visit.

/** The languages organisers may translate their words into: every one but English. */
export const TRANSLATED_LOCALES: readonly string[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** Each language's name as the staff console writes it (decision 069: the console is English). */
const LANGUAGE_NAMES: Record<string, string> = { af: 'Afrikaans' };
export const languageName = (locale: string): string => LANGUAGE_NAMES[locale] ?? locale;

/**
 * An object's fields in other languages, by locale. Keyed by string, not by Locale: a reader of
 * a newer server's answer may meet a language it does not offer yet, and simply ignores it.
 */
export type Translations<Fields> = Record<string, Partial<Fields>>;

/** Any object with organisers' words and their translations. */
export type Translatable = { translations?: Translations<Record<string, unknown>> | undefined };

// A list (a biography's paragraphs) is written when any of it is; its blank entries are dropped.
const isWritten = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) && value.some(isWritten);
const written = (value: unknown): unknown =>
  Array.isArray(value) ? value.filter(isWritten) : value;

/**
 * `value` in the reader's language: each field its translation into `locale` has written, the
 * English otherwise (a blank translation counts as none). The one place that chooses.
 */
export function inReadersLanguage<T extends object>(locale: string, value: T): T {
  if (locale === DEFAULT_LOCALE) return value;
  // Any object: one without translations yet is simply shown as it is.
  const translated = (value as Translatable).translations?.[locale];
  if (!translated) return value;
  const chosen: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [field, words] of Object.entries(translated)) {
    if (field in value && isWritten(words)) chosen[field] = written(words);
  }
  return chosen as T;
}

/**
 * The fields of `value` whose English is written but whose translation into `locale` is not:
 * the untranslated list and the count on the task list are made of these.
 */
export function untranslatedFields<T extends Translatable>(
  locale: string,
  value: T,
  fields: readonly (keyof T & string)[],
): (keyof T & string)[] {
  const translated = value.translations?.[locale] ?? {};
  return fields.filter((f) => isWritten(value[f]) && !isWritten(translated[f]));
}

/**
 * `translations` as they are kept: blank fields and languages with nothing written left out,
 * so that what is stored says exactly what is translated.
 */
export function writtenTranslations<Fields>(
  translations: Translations<Fields> | undefined,
): Translations<Fields> {
  const kept: Translations<Fields> = {};
  for (const [locale, fields] of Object.entries(translations ?? {})) {
    const writtenFields = Object.entries(fields ?? {}).filter(([, words]) => isWritten(words));
    if (writtenFields.length > 0)
      kept[locale] = Object.fromEntries(
        writtenFields.map(([f, w]) => [f, written(w)]),
      ) as Partial<Fields>;
  }
  return kept;
}

/** `translations` when any is written, else nothing: an answer carries no empty object. */
export const translationsIfAny = <Fields>(
  translations: Translations<Fields> | undefined,
): { translations?: Translations<Fields> } =>
  translations && Object.keys(translations).length > 0 ? { translations } : {};

/** The site's content in `locale`: its title and introduction, each question, each adjudicator. */
export function contentIn<
  C extends Translatable & { faq: readonly Translatable[]; adjudicators: readonly Translatable[] },
>(locale: string, content: C): C {
  if (locale === DEFAULT_LOCALE) return content;
  return {
    ...inReadersLanguage(locale, content),
    faq: content.faq.map((q) => inReadersLanguage(locale, q)),
    adjudicators: content.adjudicators.map((a) => inReadersLanguage(locale, a)),
  };
}

/** An item in `locale`: its descriptions and its category's name. */
export function itemIn<I extends Translatable & { category: Translatable }>(
  locale: string,
  item: I,
): I {
  if (locale === DEFAULT_LOCALE) return item;
  return { ...inReadersLanguage(locale, item), category: inReadersLanguage(locale, item.category) };
}
