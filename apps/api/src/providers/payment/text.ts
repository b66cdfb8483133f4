import en from './messages/en.json' with { type: 'json' };
import { serverCatalogue } from '../../lib/messages.ts';

/** The words of our payment pages a family sees: the sandbox's and the one to PayFast (decision 057). */
export const text = serverCatalogue(
  'pay-pages',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
