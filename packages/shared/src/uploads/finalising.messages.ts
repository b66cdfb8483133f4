import { sharedCatalogue } from '../i18n/said.ts';
import en from './finalising/messages/en.json' with { type: 'json' };

/**
 * Words of the marking states and of the finalising warnings (decision 057): a state's words are
 * `state-<state>` (`FINALISING_TEXT.say(\`state-${state}\`)`).
 */
export const FINALISING_TEXT = sharedCatalogue(
  'finalising',
  { en },
  (locale) => import(`./finalising/messages/${locale}.json`),
);
