import { DEFAULT_LOCALE, isLocale, type Locale } from '@eisteddfod/shared';
import { z } from 'zod';

/**
 * An approved WhatsApp template and the languages Meta has approved it in (decision 069): each
 * WHATSAPP_TEMPLATE_* setting is `name` (English only) or `name:en,af`.
 */
export interface WhatsAppTemplate {
  readonly name: string;
  readonly locales: readonly Locale[];
}

const SETTING = /^([a-z0-9_]{1,512})(?::([a-z]{2,3}(?:,[a-z]{2,3})*))?$/;

/** A WHATSAPP_TEMPLATE_* setting: its template's name and languages, English by default. */
export const whatsAppTemplateSetting = (defaultName: string) =>
  z
    .string()
    .default(defaultName)
    .transform((value, ctx): WhatsAppTemplate => {
      const match = SETTING.exec(value);
      const locales = (match?.[2] ?? DEFAULT_LOCALE).split(',');
      if (!match || !locales.every(isLocale)) {
        ctx.addIssue({
          code: 'custom',
          message: `a WhatsApp template name (lower-case letters, digits, _), then optionally : and the languages it is approved in, of ${'en,af'}`,
        });
        return z.NEVER;
      }
      return { name: match[1]!, locales: locales as Locale[] };
    });

/**
 * The language to send `template` in for a reader of `wanted`: theirs when the template is
 * approved in it; else English (its words and its template), logged, as Meta refuses a template
 * in a language it has not approved (decision 069). Every message's words follow this answer.
 */
export function templateLocale(
  template: WhatsAppTemplate,
  wanted: Locale,
  log: { warn: (details: object, message: string) => void },
): Locale {
  if (template.locales.includes(wanted)) return wanted;
  log.warn(
    { template: template.name, language: wanted, registered: template.locales },
    'WhatsApp template not registered in the reader’s language: sent in English',
  );
  return DEFAULT_LOCALE;
}

/**
 * Meta's language code of a template in `locale`: English's is WHATSAPP_TEMPLATE_LANGUAGE (as
 * before: 'en', or 'en_GB' where that is how it was approved); another language's is its tag.
 */
export const metaLanguageCode = (locale: Locale, englishCode: string): string =>
  locale === DEFAULT_LOCALE ? englishCode : locale;
