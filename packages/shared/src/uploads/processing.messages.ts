import { sharedCatalogue } from '../i18n/said.ts';
import en from './processing/messages/en.json';

/** What the portal and the server say about processing, word for word (decision 057). */
export const PROCESSING_TEXT = sharedCatalogue('processing', { en });
