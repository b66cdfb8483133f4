import { PROCESSING_TEXT, UPLOAD_TEXT } from '@eisteddfod/shared';
import { catalogue, sharedText } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The Uploads portal's words, with the upload component's (spec 8 names those without their words; these are Uppy's English ones) (decision 057). */
export const text = catalogue('uploads', { en }, (locale) => import(`./messages/${locale}.json`));

/** The portal's words that the server says too (spec 2, 4, 5 and 8). */
export const uploadText = sharedText(UPLOAD_TEXT);

/** What the portal and the server say about a file's processing (decision 025). */
export const processingText = sharedText(PROCESSING_TEXT);
