import { text } from './text.ts';

/**
 * Under the boxes of a wrong pin; the spec's own words are the toast's (issue 32). The message
 * is the catalogue's `wrongPin`: this English copy stays until /verify (features/auth) reads it
 * from there.
 */
export const WRONG_PIN = text('wrongPin');
