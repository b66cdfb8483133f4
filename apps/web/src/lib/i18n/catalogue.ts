import {
  DEFAULT_LOCALE,
  formattingLocaleOf,
  type LanguageFile,
  type Locale,
  type Said,
  type SharedCatalogue,
} from '@eisteddfod/shared';
import { setupI18n } from '@lingui/core';

/**
 * The web app's translator (Lingui's, decision 057), in the reader's language, and English
 * beside it: a message a language has no words for yet is said in English, never by its id
 * (decision 069). Every feature's catalogue loads into them when the feature's chunk loads, so a
 * phone downloads the words of the screens it opens, in its reader's language, and no others.
 */
const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
const english = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

/**
 * The language the reader reads: the catalogues' language, and the one the organisers' words are
 * chosen in (decision 070: data the API serves with its translations, chosen through the shared
 * `inReadersLanguage`).
 */
export const readerLocale = (): Locale => i18n.locale as Locale;

/** The tag to give `Intl`'s formatters, for the language the reader reads (decision 057). */
export const formattingLocale = (): string => formattingLocaleOf(readerLocale());

/** What a message's {placeholders} are filled with. */
export type MessageValues = Record<string, string | number | null | undefined>;

/** A feature's messages: `text('key', { name })` is the message in the active language. */
export interface Catalogue<Key extends string> {
  (key: Key, values?: MessageValues): string;
  /** The message's id in the translator, for <RichText>. */
  id: (key: Key) => string;
}

interface Loaded {
  namespace: string;
  languageFile: LanguageFile;
  /** Each language's words as they load: asked for once, when a reader of it needs them. */
  languages: Map<Locale, Promise<void>>;
}

const catalogues: Loaded[] = [];

const withNamespace = (namespace: string, messages: object) =>
  Object.fromEntries(Object.entries(messages).map(([key, text]) => [`${namespace}.${key}`, text]));

/**
 * A catalogue's words in `locale`, loaded into the translator. A language without a file for it
 * (not translated yet) or one that does not arrive leaves the catalogue in English.
 */
function loadLanguage(loaded: Loaded, locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve();
  let pending = loaded.languages.get(locale);
  if (!pending) {
    // A file the build did not find answers undefined (scripts/compile-catalogues.ts).
    pending = Promise.resolve(loaded.languageFile(locale)).then(
      (module) => {
        const messages = (module as { default?: object } | undefined)?.default ?? {};
        i18n.load(locale, withNamespace(loaded.namespace, messages));
      },
      () => undefined,
    );
    loaded.languages.set(locale, pending);
  }
  return pending;
}

/** Resolves once every catalogue loaded so far has its words in the reader's language. */
export const languageLoaded = (): Promise<unknown> =>
  Promise.all(catalogues.map((loaded) => loadLanguage(loaded, readerLocale())));

/** Loads every catalogue's words in `locale`, then says everything in it (decision 069). */
export async function activate(locale: Locale): Promise<void> {
  i18n.load(locale, {});
  await Promise.all(catalogues.map((loaded) => loadLanguage(loaded, locale)));
  i18n.activate(locale);
}

/**
 * Loads a feature's English messages (`messages/en.json`) under its namespace, and returns the
 * function that reads them. The English file is the source of truth: its keys are the only keys,
 * so a typo is a type error. `languageFile` imports another language's file beside it
 * (`(locale) => import(`./messages/${locale}.json`)`): the build makes each a chunk of its own,
 * fetched only for a reader of that language, so a translator adds a file and nothing else.
 */
export function catalogue<Messages extends Record<string, string>>(
  namespace: string,
  byLocale: { en: Messages },
  languageFile: LanguageFile,
): Catalogue<keyof Messages & string> {
  const messages = withNamespace(namespace, byLocale.en);
  english.load(DEFAULT_LOCALE, messages);
  i18n.load(DEFAULT_LOCALE, messages);
  const loaded: Loaded = { namespace, languageFile, languages: new Map() };
  catalogues.push(loaded);
  void loadLanguage(loaded, readerLocale());
  const id = (key: string) => `${namespace}.${key}`;
  const text = (key: string, values?: MessageValues) => wordsOf({ id: id(key), values });
  return Object.assign(text, { id });
}

/**
 * Loads a catalogue the server says too (packages/shared: a schema's, a rule's and an error's
 * words), and returns the function that reads it.
 */
export function sharedText<Key extends string>(shared: SharedCatalogue<Key>): Catalogue<Key> {
  // Compiled by the build like the web's own catalogues (scripts/compile-catalogues.ts).
  const files = shared.files as { en: Record<Key, string> };
  return catalogue(shared.namespace, files, shared.languageFile);
}

/** Whether a catalogue loaded so far has the message `id` (its own key: not `constructor`, say). */
export const hasMessage = (id: string): boolean => Object.hasOwn(english.messages, id);

/**
 * The words of a message said by its id (a shared rule's, a schema's or the server's) in the
 * reader's language, or in English where that language has none for it yet.
 */
export function wordsOf(said: { id: string; values?: Said['values'] | MessageValues }): string {
  const translator = Object.hasOwn(i18n.messages, said.id) ? i18n : english;
  return translator._(said.id, said.values);
}
