import en from './messages/en.json' with { type: 'json' };
import { serverCatalogue } from '../../lib/messages.ts';

export const text = serverCatalogue(
  'reminders',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
