import { z } from 'zod';
import { VALIDATION_TEXT } from './text.messages.ts';

/**
 * Control characters but tab, line feed and carriage return. PostgreSQL refuses NUL in text (a
 * 500 once it reached the database), and none of them belongs in a name, a search or a message.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** The same rule as a whole-string pattern, as the OpenAPI document shows it. */
// eslint-disable-next-line no-control-regex -- as above
export const TEXT_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/**
 * Every text field of a request (bodies, queries, paths, headers read by routes): a string with
 * no control characters. Use it instead of z.string() in request schemas; a test of the API's
 * OpenAPI document (apps/api/src/plugins/openapi.test.ts) fails on a request string without it.
 */
export const text = () => z.string().regex(TEXT_PATTERN, VALIDATION_TEXT.id('controlCharacters'));
