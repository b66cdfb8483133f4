import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** What the app says about uploads under way, in the portal and in the shell's bar (decision 057). */
export const text = catalogue(
  'shared-uploads',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
