import { z } from 'zod';
import { whatsAppTemplateSetting as template } from '../providers/whatsapp/template-languages.ts';

/** An smtp:// or smtps:// URL naming a host, as nodemailer needs one. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Email and WhatsApp: where messages go out, and as what; read by env.ts's schema. */
export const messageSettings = {
  /**
   * SMTP server for email, e.g. smtps://user:pass@smtp.example.org:465; outbox only when absent.
   * A malformed one refuses the start (decision 038): it used to start cleanly and fail every
   * email. The message never quotes it: it holds a password.
   */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine(isSmtpUrl, 'is not an smtp:// or smtps:// URL with a host (its value is not shown)')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Online Eisteddfod <no-reply@eisteddfod.example>'),
  /** Where contact-page questions are forwarded. */
  ORGANISER_EMAIL: z.email().default('organisers@eisteddfod.example'),
  /** WhatsApp Cloud API credentials; outbox only when absent. */
  WHATSAPP_ACCESS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * The approved authentication template with a copy-code button. Every template setting is
   * `name` or `name:en,af`: the languages Meta approved it in (decision 069).
   */
  WHATSAPP_TEMPLATE_NAME: template('eisteddfod_otp'),
  /** Meta's code of the templates' English versions ('en', 'en_GB'); another's is its tag. */
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('en'),
  /** The approved utility template of each reminder (decision 022): {{1}} name, {{2}} event, {{3}} details. */
  WHATSAPP_TEMPLATE_REMINDER_UNPAID_CART: template('eisteddfod_reminder_unpaid_cart'),
  WHATSAPP_TEMPLATE_REMINDER_NO_MAIN_FILE: template('eisteddfod_reminder_no_main_file'),
  WHATSAPP_TEMPLATE_REMINDER_NOT_FINALISED: template('eisteddfod_reminder_not_finalised'),
  WHATSAPP_TEMPLATE_REMINDER_RESULTS: template('eisteddfod_reminder_results'),
  /**
   * The approved utility template of a parent's invitation (decision 063): {{1}} teacher,
   * {{2}} school, {{3}} child's first name, {{4}} link, {{5}} days it is valid.
   */
  WHATSAPP_TEMPLATE_PARENT_INVITATION: template('eisteddfod_parent_invitation'),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
};
