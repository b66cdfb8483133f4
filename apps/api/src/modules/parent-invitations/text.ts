import type { Locale } from '@eisteddfod/shared';
import en from './messages/en.json' with { type: 'json' };
import { serverCatalogue } from '../../lib/messages.ts';

/** The invitation's own words, as the server writes them (decision 057). */
const files: Record<Locale, typeof en> = { en };

export const text = serverCatalogue('parent-invitation-mail', files);
