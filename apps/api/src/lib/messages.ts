import {
  DEFAULT_LOCALE,
  LOCALES,
  SHARED_CATALOGUES,
  type LanguageFile,
  type Locale,
  type MessageValues,
  type Said,
} from '@eisteddfod/shared';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The server's translators (decisions 057 and 069): one per language, each with the shared
 * catalogues and the modules' own, compiled once at start. What the server writes to a person
 * (mail, WhatsApp, PDFs) is in that person's language; its answers' `message` stays English and
 * the web says their `messageId` in its reader's language.
 */
const translators = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;

const namespaces = new Set<string>();
const loading: Promise<void>[] = [];

const compiled = (namespace: string, messages: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [
      `${namespace}.${key}`,
      compileMessage(String(text)),
    ]),
  );

/**
 * Loads a catalogue's English messages under its namespace, compiled once, and starts loading its
 * other languages' files; a language without one keeps the English words. Two catalogues of one
 * name would mix their words without a sound, so the second refuses to load.
 */
function load(
  namespace: string,
  english: Readonly<Record<string, unknown>>,
  languageFile: LanguageFile,
): void {
  if (namespaces.has(namespace)) throw new Error(`Two message catalogues are named '${namespace}'`);
  namespaces.add(namespace);
  translators[DEFAULT_LOCALE].load(DEFAULT_LOCALE, compiled(namespace, english));
  for (const locale of LOCALES.filter((other) => other !== DEFAULT_LOCALE)) {
    loading.push(
      languageFile(locale).then(
        (module) => {
          const messages = (module as { default?: Record<string, unknown> }).default ?? {};
          translators[locale].load(locale, compiled(namespace, messages));
        },
        () => undefined,
      ),
    );
  }
}

for (const catalogue of SHARED_CATALOGUES) {
  load(catalogue.namespace, catalogue.files.en, catalogue.languageFile);
}

/**
 * Resolves once every catalogue loaded so far has its other languages in: the app waits for it
 * before it answers (app.ts), as the files are imported, not read.
 */
export const languagesLoaded = async (): Promise<void> => {
  await Promise.all(loading);
};

/** The words of message `id` in `locale`, or in English where that language has none yet. */
function say(locale: Locale, id: string, values?: MessageValues): string {
  const translator = Object.hasOwn(translators[locale].messages, id)
    ? translators[locale]
    : translators[DEFAULT_LOCALE];
  return translator._(id, values);
}

type Words<Key extends string> = (key: Key, values?: MessageValues) => string;

/** A module's words: in English, or `.in(locale)` in a person's language. */
export type ServerText<Key extends string> = Words<Key> & { in: (locale: Locale) => Words<Key> };

/**
 * A module's own words for what the server writes itself (mail, WhatsApp, PDFs): its
 * `messages/en.json` under its namespace, and its other languages' files beside it, read as
 * `text('key', { name })` in English or `text.in(locale)('key', { name })` (decision 069).
 */
export function serverCatalogue<Messages extends Record<string, string>>(
  namespace: string,
  files: { en: Messages },
  languageFile: LanguageFile,
): ServerText<keyof Messages & string> {
  load(namespace, files.en, languageFile);
  const words =
    (locale: Locale): Words<keyof Messages & string> =>
    (key, values) =>
      say(locale, `${namespace}.${key}`, values);
  return Object.assign(words(DEFAULT_LOCALE), { in: words });
}

/** Whether `id` names a message of a shared catalogue (its own key: not `constructor`, say). */
export const isMessageId = (id: string): boolean =>
  Object.hasOwn(translators[DEFAULT_LOCALE].messages, id);

/** The words of `said`, in English or in `locale`. */
export const wordsOf = (said: Said, locale: Locale = DEFAULT_LOCALE): string =>
  say(locale, said.id, said.values);
