import en from './messages/en.json' with { type: 'json' };
import { serverCatalogue } from '../../lib/messages.ts';

/** The invitation's own words, as the server writes them (decision 057). */
export const text = serverCatalogue(
  'parent-invitation-mail',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
