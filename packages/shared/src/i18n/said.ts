import type { Locale } from './locales.ts';

/**
 * Imports a catalogue's file in another language, beside its English one:
 * `(locale) => import(`./messages/${locale}.json`)` (decision 069). Both bundlers (Vite for the
 * web, esbuild for the server) take every file the pattern matches, so a translator's new file
 * is found without a line of code; the web fetches it only for a reader of that language. It
 * rejects for a language with no file yet: its words stay English.
 */
export type LanguageFile = (locale: Locale) => Promise<unknown>;

/** What a message's {placeholders} are filled with. */
export type MessageValues = Record<string, string | number>;

/**
 * A message by its id, with its placeholders' values: what a shared rule returns and what the
 * server throws, so that each side says it in its reader's language (decision 057).
 */
export interface Said {
  readonly id: string;
  readonly values?: MessageValues;
}

/**
 * Messages both the server and the web say: the spec's words that a schema, a rule and an error
 * share (`support/messages/en.json`). They are read only through a translator, never as strings:
 * the web's build compiles them and the server compiles them at start, so their form at run time
 * differs between the two.
 */
export interface SharedCatalogue<Key extends string> {
  readonly namespace: string;
  /** Its catalogue files by language, as imported. */
  readonly files: { readonly en: Readonly<Record<Key, unknown>> };
  /** Its files in the other languages. */
  readonly languageFile: LanguageFile;
  /** The id of `key` in a translator; a zod schema's message is this id. */
  id(key: Key): string;
  say(key: Key, values?: MessageValues): Said;
}

export function sharedCatalogue<Messages extends Record<string, string>>(
  namespace: string,
  files: { en: Messages },
  languageFile: LanguageFile,
): SharedCatalogue<keyof Messages & string> {
  const id = (key: string) => `${namespace}.${key}`;
  return {
    namespace,
    files,
    languageFile,
    id,
    say: (key, values) => (values ? { id: id(key), values } : { id: id(key) }),
  };
}
