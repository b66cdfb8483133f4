import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json';

/** The Uploads portal's words, with the upload component's (spec 8 names those without their words; these are Uppy's English ones) (decision 057). */
export const text = catalogue('uploads', { en });
