/**
 * The languages the product speaks (decisions 057 and 069). English is the spec's language and
 * the one every message is written in first. A language is one entry here (its name as its own
 * readers write it, for the switch, and the `Intl` tag its dates are written in) and one
 * `messages/<locale>.json` beside each English file: no other code names a language.
 */
export const LANGUAGES = {
  // British English writes the spec's '18 June 2025 at 18:00' and '21 April 2025'.
  en: { name: 'English', formatting: 'en-GB' },
  af: { name: 'Afrikaans', formatting: 'af-ZA' },
} as const;

export type Locale = keyof typeof LANGUAGES;
export const LOCALES = Object.keys(LANGUAGES) as readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/** The `Intl` tag dates and times are written in for readers of `locale`. */
export const formattingLocaleOf = (locale: Locale): string => LANGUAGES[locale].formatting;

/**
 * The first of a reader's preferred languages (`navigator.languages`, or an Accept-Language
 * header's tags in order of weight) that the product speaks, by its primary subtag ('af-ZA' is
 * 'af'); English when none is.
 */
export function localeFrom(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, most wanted first ('af;q=0.9, en;q=0.8'). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
