import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/** What the server refuses a teacher's class calls with (issue 35, decision 065). */
export const CLASS_TEXT = sharedCatalogue('classEntries', { en });
