import { DEFAULT_LOCALE, SHARED_CATALOGUES, type Said } from '@eisteddfod/shared';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The server's translator (decision 057): the shared catalogues, compiled once at start, in the
 * language the server writes its answers in. The web says the same ids in its reader's language.
 */
const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
for (const catalogue of SHARED_CATALOGUES) {
  i18n.load(
    DEFAULT_LOCALE,
    Object.fromEntries(
      Object.entries(catalogue.files.en).map(([key, text]) => [
        catalogue.id(key),
        compileMessage(String(text)),
      ]),
    ),
  );
}

/** Whether `id` names a message of a shared catalogue (its own key: not `constructor`, say). */
export const isMessageId = (id: string): boolean => Object.hasOwn(i18n.messages, id);

/** The words of `said`. */
export const wordsOf = (said: Said): string => i18n._(said.id, said.values);
