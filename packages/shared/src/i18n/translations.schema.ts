import { z } from 'zod';
import { TRANSLATED_LOCALES } from './translations.ts';

const LOCALE_LIST = () => TRANSLATED_LOCALES.join(', ') || 'none yet';

/**
 * A request's `translations` for an object whose English fields are `fields`: each field
 * optional (blank is the same as missing), and only the languages the product speaks other
 * than English. Another language is refused, not stored unseen (fail closed).
 */
export function translationsSchema<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  return z
    .record(z.string(), fields.partial())
    .refine((byLocale) => Object.keys(byLocale).every((l) => TRANSLATED_LOCALES.includes(l)), {
      message: `Translations are taken for these languages only: ${LOCALE_LIST()}.`,
    })
    .describe('The English fields in other languages, by locale; a missing one shows the English');
}

/** A response's `translations`: the same shape, not checked against the languages offered. */
export function translationsOutSchema<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  return z
    .record(z.string(), fields.partial())
    .optional()
    .describe('The English fields in other languages, by locale; a missing one shows the English');
}
