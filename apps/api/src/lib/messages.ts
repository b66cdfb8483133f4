import {
  DEFAULT_LOCALE,
  SHARED_CATALOGUES,
  type MessageValues,
  type Said,
} from '@eisteddfod/shared';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The server's translator (decision 057): the shared catalogues, compiled once at start, in the
 * language the server writes its answers in. The web says the same ids in its reader's language.
 */
const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

const namespaces = new Set<string>();

/**
 * Loads a catalogue's English messages under its namespace, compiled once. Two catalogues of one
 * name would mix their words without a sound, so the second refuses to load.
 */
function load(namespace: string, messages: Readonly<Record<string, unknown>>): void {
  if (namespaces.has(namespace)) throw new Error(`Two message catalogues are named '${namespace}'`);
  namespaces.add(namespace);
  i18n.load(
    DEFAULT_LOCALE,
    Object.fromEntries(
      Object.entries(messages).map(([key, text]) => [
        `${namespace}.${key}`,
        compileMessage(String(text)),
      ]),
    ),
  );
}

for (const catalogue of SHARED_CATALOGUES) load(catalogue.namespace, catalogue.files.en);

/**
 * A module's own words for what the server writes itself (mail, WhatsApp, PDFs): its
 * `messages/en.json` under its namespace, read as `text('key', { name })` (decision 057).
 */
export function serverCatalogue<Messages extends Record<string, string>>(
  namespace: string,
  files: { en: Messages },
): (key: keyof Messages & string, values?: MessageValues) => string {
  load(namespace, files.en);
  return (key, values) => i18n._(`${namespace}.${key}`, values);
}

/** Whether `id` names a message of a shared catalogue (its own key: not `constructor`, say). */
export const isMessageId = (id: string): boolean => Object.hasOwn(i18n.messages, id);

/** The words of `said`. */
export const wordsOf = (said: Said): string => i18n._(said.id, said.values);
