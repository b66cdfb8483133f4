import { DEFAULT_LOCALE, type Locale, type Said, type SharedCatalogue } from '@eisteddfod/shared';
import { setupI18n } from '@lingui/core';

/**
 * The web app's one translator (Lingui's, decision 057). Every feature's catalogue loads into it
 * when the feature's chunk loads, so a phone downloads the words of the screens it opens and no
 * others.
 */
const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

/**
 * The language tag dates and times are written in for each of the product's languages: British
 * English writes the spec's '18 June 2025 at 18:00' and '21 Apr 2025, 10:00:00'.
 */
const FORMATTING_LOCALES: Record<Locale, string> = { en: 'en-GB' };

/** The tag to give `Intl`'s formatters, for the language the reader reads (decision 057). */
export const formattingLocale = (): string => FORMATTING_LOCALES[i18n.locale as Locale];

/**
 * The reader's language, for choosing among the organisers' words (decision 070): they are data
 * the API serves with their translations, chosen through the shared `inReadersLanguage`.
 */
export const readersLocale = (): string => i18n.locale;

/** What a message's {placeholders} are filled with. */
export type MessageValues = Record<string, string | number | null | undefined>;

/** A feature's messages: `text('key', { name })` is the message in the active language. */
export interface Catalogue<Key extends string> {
  (key: Key, values?: MessageValues): string;
  /** The message's id in the translator, for <RichText>. */
  id: (key: Key) => string;
}

/**
 * Loads a feature's messages (`messages/en.json` and, later, the other languages' files beside
 * it) under its namespace, and returns the function that reads them. The English file is the
 * source of truth: its keys are the only keys, so a typo is a type error.
 */
export function catalogue<Messages extends Record<string, string>>(
  namespace: string,
  byLocale: { en: Messages } & Partial<Record<Locale, Partial<Messages>>>,
): Catalogue<keyof Messages & string> {
  for (const [locale, messages] of Object.entries(byLocale)) {
    i18n.load(
      locale,
      Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [`${namespace}.${key}`, text]),
      ),
    );
  }
  const id = (key: string) => `${namespace}.${key}`;
  const text = (key: string, values?: MessageValues) => i18n._(id(key), values);
  return Object.assign(text, { id });
}

/**
 * Loads a catalogue the server says too (packages/shared: a schema's, a rule's and an error's
 * words), and returns the function that reads it.
 */
export function sharedText<Key extends string>(shared: SharedCatalogue<Key>): Catalogue<Key> {
  // Compiled by the build like the web's own catalogues (scripts/compile-catalogues.ts).
  return catalogue(shared.namespace, shared.files as { en: Record<Key, string> });
}

/** Whether a catalogue loaded so far has the message `id` (its own key: not `constructor`, say). */
export const hasMessage = (id: string): boolean => Object.hasOwn(i18n.messages, id);

/** The words of a message said by its id: a shared rule's, a schema's or the server's. */
export const wordsOf = (said: Said): string => i18n._(said.id, said.values);
