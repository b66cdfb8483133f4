import {
  describeDate,
  entryDates,
  formatLongDate,
  paths,
  type ReminderKind,
} from '@eisteddfod/shared';
import { wordsOf } from '../../lib/messages.ts';
import type { AudienceFamily } from './reminders.repository.ts';

// What each reminder says, by email and as a WhatsApp template (decision 022). Only the family's
// own name and entries are ever filled in.

export type ReminderTemplates = Record<ReminderKind, string>;

/**
 * The approved text of each WhatsApp template, as it must be submitted to Meta under the name
 * configured for it (WHATSAPP_TEMPLATE_REMINDER_*): {{1}} the family's first name, {{2}} the
 * event, {{3}} their entries on one line. The Cloud API sends only an approved template to a
 * family that has not written first; this text is what the outbox and the preview show.
 */
const WHATSAPP_TEMPLATE_TEXT: Record<ReminderKind, string> = {
  unpaid_cart:
    'Hi {{1}}, your cart for the {{2}} has entries that are not paid yet: {{3}}. Entries count only once paid. To stop reminders, turn them off on My Profile.',
  no_main_file:
    'Hi {{1}}, these {{2}} entries have no main file yet: {{3}}. Please upload it in the Uploads portal before the deadline. To stop reminders, turn them off on My Profile.',
  not_finalised:
    'Hi {{1}}, these {{2}} entries have their main file but are not finalised: {{3}}. Please finalise them in the Uploads portal before the deadline. To stop reminders, turn them off on My Profile.',
  results_published:
    'Hi {{1}}, the {{2}} results of your entries are published: {{3}}. See them in the Uploads portal. To stop reminders, turn them off on My Profile.',
};

interface Context {
  eventName: string;
  /** The end of the event's registration (an ISO date). */
  registrationCloses: string;
  publicUrl: string;
}

/**
 * The entry and, for a reminder to act, the one date the item card and the uploads portal show
 * (decision 046): 'Upload by' its due date. It said the day after, the end of the portal's day
 * of grace, so a family read a later date here than on every screen.
 */
function entryLine(kind: ReminderKind, e: AudienceFamily['entries'][number]): string {
  const what = `${e.contestant}: ${e.code} ${e.title}`;
  if (kind === 'no_main_file' || kind === 'not_finalised')
    return `${what} (${wordsOf(describeDate(entryDates(e).uploadBy))})`;
  return what;
}

const EMAIL: Record<
  ReminderKind,
  (ctx: Context) => { subject: string; intro: string; act: string }
> = {
  unpaid_cart: (ctx) => ({
    subject: 'Your Online Eisteddfod cart is not paid yet',
    intro: `Your cart for the ${ctx.eventName} has entries that are not paid yet:`,
    act: `Entries count only once they are paid. Registration closes at 23:59 on ${formatLongDate(ctx.registrationCloses)}. Pay here: ${ctx.publicUrl}${paths.checkout.href()}`,
  }),
  no_main_file: (ctx) => ({
    subject: 'Your entries have no main file yet',
    intro: `These entries in the ${ctx.eventName} have no main file yet:`,
    act: `Please upload each one's main file in the Uploads portal before its deadline: ${ctx.publicUrl}${paths.uploads.href()}`,
  }),
  not_finalised: (ctx) => ({
    subject: 'Your entries are complete but not finalised',
    intro: `These entries in the ${ctx.eventName} have their main file but are not finalised (submitted for marking) yet:`,
    act: `Please finalise each one in the Uploads portal before its deadline: ${ctx.publicUrl}${paths.uploads.href()}`,
  }),
  results_published: (ctx) => ({
    subject: 'Your Online Eisteddfod results are ready',
    intro: `The results of these entries in the ${ctx.eventName} are published:`,
    act: `See the scores, the adjudicator's comment and the certificates in the Uploads portal: ${ctx.publicUrl}${paths.uploads.href()} (View Result).`,
  }),
};

export function reminderEmail(
  kind: ReminderKind,
  family: AudienceFamily,
  ctx: Context,
): { subject: string; body: string } {
  const text = EMAIL[kind](ctx);
  return {
    subject: text.subject,
    body: [
      `Dear ${family.firstName},`,
      '',
      text.intro,
      '',
      ...family.entries.map((e) => `- ${entryLine(kind, e)}`),
      '',
      text.act,
      '',
      `You get this reminder because you entered the ${ctx.eventName}. To stop reminders, turn off "Send me reminders" on My Profile: ${ctx.publicUrl}${paths.myProfile.href()}`,
    ].join('\n'),
  };
}

/** A template's value: one line (the Cloud API refuses new lines and tabs), not too long. */
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

/** The template's values for a family, and its text with them filled in. */
export function reminderWhatsApp(
  kind: ReminderKind,
  family: AudienceFamily,
  ctx: Context,
  templates: ReminderTemplates,
): { template: string; parameters: string[]; text: string } {
  const shown = family.entries.slice(0, 5).map((e) => entryLine(kind, e));
  const more = family.entries.length - shown.length;
  const details = more > 0 ? `${shown.join('; ')} and ${more} more` : shown.join('; ');
  const parameters = [
    oneLine(family.firstName, 60),
    oneLine(ctx.eventName, 100),
    oneLine(details, 600),
  ];
  const text = WHATSAPP_TEMPLATE_TEXT[kind].replace(
    /\{\{(\d)\}\}/g,
    (_, n: string) => parameters[Number(n) - 1] ?? '',
  );
  return { template: templates[kind], parameters, text };
}
