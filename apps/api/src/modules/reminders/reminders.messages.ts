import {
  describeDate,
  entryDates,
  formatLongDate,
  linkIn,
  paths,
  type Locale,
  type ReminderKind,
} from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import { wordsOf } from '../../lib/messages.ts';
import {
  templateLocale,
  type WhatsAppTemplate,
} from '../../providers/whatsapp/template-languages.ts';
import type { AudienceFamily } from './reminders.repository.ts';
import { text } from './text.ts';

// What each reminder says, by email and as a WhatsApp template (decision 022). Only the family's
// own name and entries are ever filled in.

export type ReminderTemplates = Record<ReminderKind, WhatsAppTemplate>;

/** The reminders' words in one language. */
type ReminderText = ReturnType<typeof text.in>;

/**
 * The approved text of each WhatsApp template, as it must be submitted to Meta under the name
 * configured for it (WHATSAPP_TEMPLATE_REMINDER_*), {{1}} for {firstName}, {{2}} for {eventName}
 * and {{3}} for {entries}: the family's first name, the event, their entries on one line. The
 * Cloud API sends only an approved template to a family that has not written first; this text is
 * what the outbox and the preview show.
 */
const WHATSAPP_TEMPLATE_TEXT = {
  unpaid_cart: 'whatsAppUnpaidCart',
  no_main_file: 'whatsAppNoMainFile',
  not_finalised: 'whatsAppNotFinalised',
  results_published: 'whatsAppResultsPublished',
} as const satisfies Record<ReminderKind, Parameters<ReminderText>[0]>;

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
function entryLine(
  kind: ReminderKind,
  e: AudienceFamily['entries'][number],
  locale: Locale,
): string {
  const t = text.in(locale);
  const what = { contestant: e.contestant, code: e.code, title: e.title };
  if (kind === 'no_main_file' || kind === 'not_finalised')
    return t('entryDue', { ...what, due: wordsOf(describeDate(entryDates(e).uploadBy), locale) });
  return t('entry', what);
}

const EMAIL: Record<
  ReminderKind,
  (ctx: Context, t: ReminderText, locale: Locale) => { subject: string; intro: string; act: string }
> = {
  unpaid_cart: (ctx, t, locale) => ({
    subject: t('unpaidCartSubject'),
    intro: t('unpaidCartIntro', { eventName: ctx.eventName }),
    act: t('unpaidCartAct', {
      closes: formatLongDate(ctx.registrationCloses, locale),
      url: linkIn(`${ctx.publicUrl}${paths.checkout.href()}`, locale),
    }),
  }),
  no_main_file: (ctx, t, locale) => ({
    subject: t('noMainFileSubject'),
    intro: t('noMainFileIntro', { eventName: ctx.eventName }),
    act: t('noMainFileAct', { url: linkIn(`${ctx.publicUrl}${paths.uploads.href()}`, locale) }),
  }),
  not_finalised: (ctx, t, locale) => ({
    subject: t('notFinalisedSubject'),
    intro: t('notFinalisedIntro', { eventName: ctx.eventName }),
    act: t('notFinalisedAct', { url: linkIn(`${ctx.publicUrl}${paths.uploads.href()}`, locale) }),
  }),
  results_published: (ctx, t, locale) => ({
    subject: t('resultsPublishedSubject'),
    intro: t('resultsPublishedIntro', { eventName: ctx.eventName }),
    act: t('resultsPublishedAct', {
      url: linkIn(`${ctx.publicUrl}${paths.uploads.href()}`, locale),
    }),
  }),
};

/**
 * A teacher's words (issue 35, decision 067): the subject and introduction of the kinds about a
 * class's entries, which the teacher's account holds for its learners.
 */
const TEACHER: Partial<
  Record<ReminderKind, (ctx: Context, t: ReminderText) => { subject: string; intro: string }>
> = {
  no_main_file: (ctx, t) => ({
    subject: t('noMainFileSubjectTeacher'),
    intro: t('noMainFileIntroTeacher', { eventName: ctx.eventName }),
  }),
  not_finalised: (ctx, t) => ({
    subject: t('notFinalisedSubjectTeacher'),
    intro: t('notFinalisedIntroTeacher', { eventName: ctx.eventName }),
  }),
  results_published: (ctx, t) => ({
    subject: t('resultsPublishedSubjectTeacher'),
    intro: t('resultsPublishedIntroTeacher', { eventName: ctx.eventName }),
  }),
};

/** A teacher's entries, learner by learner: each learner's name once, their entries under it. */
function byLearner(
  kind: ReminderKind,
  entries: AudienceFamily['entries'],
  locale: Locale,
): string[] {
  const t = text.in(locale);
  const learners = new Map<string, AudienceFamily['entries']>();
  for (const e of entries) learners.set(e.contestant, [...(learners.get(e.contestant) ?? []), e]);
  return [...learners].flatMap(([contestant, own]) => [
    t('learnerHeading', { contestant }),
    ...own.map((e) => {
      const what = { code: e.code, title: e.title };
      const line =
        kind === 'no_main_file' || kind === 'not_finalised'
          ? t('learnerEntryDue', {
              ...what,
              due: wordsOf(describeDate(entryDates(e).uploadBy), locale),
            })
          : t('learnerEntry', what);
      return t('emailEntryLine', { entry: line });
    }),
  ]);
}

export function reminderEmail(
  kind: ReminderKind,
  family: AudienceFamily,
  ctx: Context,
): { subject: string; body: string } {
  const { language } = family;
  const t = text.in(language);
  // A teacher's account is told of its learners' entries in one message, learner by learner.
  const teacher = TEACHER[kind] && family.entries.some((e) => e.learner) ? TEACHER[kind] : null;
  const words = { ...EMAIL[kind](ctx, t, language), ...teacher?.(ctx, t) };
  return {
    subject: words.subject,
    body: [
      t('dear', { firstName: family.firstName }),
      '',
      words.intro,
      '',
      ...(teacher
        ? byLearner(kind, family.entries, language)
        : family.entries.map((e) => t('emailEntryLine', { entry: entryLine(kind, e, language) }))),
      '',
      words.act,
      ...(teacher
        ? [t('teacherAct', { url: linkIn(`${ctx.publicUrl}${paths.teaching.href()}`, language) })]
        : []),
      '',
      t('whyYouGetThis', {
        eventName: ctx.eventName,
        url: linkIn(`${ctx.publicUrl}${paths.myProfile.href()}`, language),
      }),
    ].join('\n'),
  };
}

/** A template's value: one line (the Cloud API refuses new lines and tabs), not too long. */
const oneLine = (words: string, max: number) => {
  const flat = words.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

/**
 * The template's values for a family, and its text with them filled in, in the family's language
 * where the template is approved in it, else in English (decision 069).
 */
export function reminderWhatsApp(
  kind: ReminderKind,
  family: AudienceFamily,
  ctx: Context,
  templates: { byKind: ReminderTemplates; log: Pick<FastifyBaseLogger, 'warn'> },
): { template: string; parameters: string[]; text: string; language: Locale } {
  const template = templates.byKind[kind];
  const language = templateLocale(template, family.language, templates.log);
  const t = text.in(language);
  const shown = family.entries.slice(0, 5).map((e) => entryLine(kind, e, language));
  const more = family.entries.length - shown.length;
  const details =
    more > 0 ? t('andMore', { entries: shown.join('; '), count: more }) : shown.join('; ');
  const firstName = oneLine(family.firstName, 60);
  const eventName = oneLine(ctx.eventName, 100);
  const entries = oneLine(details, 600);
  const parameters = [firstName, eventName, entries];
  return {
    template: template.name,
    parameters,
    text: t(WHATSAPP_TEMPLATE_TEXT[kind], { firstName, eventName, entries }),
    language,
  };
}
