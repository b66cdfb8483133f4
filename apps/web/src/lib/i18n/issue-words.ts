import { VALIDATION_TEXT } from '@eisteddfod/shared';
import { hasMessage, sharedText, wordsOf } from './catalogue.ts';

// text()'s own check, which any field of a shared schema may fail (decision 057): loaded with
// every screen that shows a schema's issue.
sharedText(VALIDATION_TEXT);

/**
 * The words of a zod issue's message: a shared catalogue's id (a family schema's messages and
 * text()'s are ids, decision 057) said in the reader's language, any other message as written
 * (the staff schemas' English).
 */
export const issueWords = (message: string): string =>
  hasMessage(message) ? wordsOf({ id: message }) : message;
