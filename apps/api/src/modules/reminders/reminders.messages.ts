import {
  describeDate,
  entryDates,
  formatLongDate,
  paths,
  type ReminderKind,
} from '@eisteddfod/shared';
import { wordsOf } from '../../lib/messages.ts';
import type { AudienceFamily } from './reminders.repository.ts';
import { text } from './text.ts';

// What each reminder says, by email and as a WhatsApp template (decision 022). Only the family's
// own name and entries are ever filled in.

export type ReminderTemplates = Record<ReminderKind, string>;

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
} as const satisfies Record<ReminderKind, Parameters<typeof text>[0]>;

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
  const what = { contestant: e.contestant, code: e.code, title: e.title };
  if (kind === 'no_main_file' || kind === 'not_finalised')
    return text('entryDue', { ...what, due: wordsOf(describeDate(entryDates(e).uploadBy)) });
  return text('entry', what);
}

const EMAIL: Record<
  ReminderKind,
  (ctx: Context) => { subject: string; intro: string; act: string }
> = {
  unpaid_cart: (ctx) => ({
    subject: text('unpaidCartSubject'),
    intro: text('unpaidCartIntro', { eventName: ctx.eventName }),
    act: text('unpaidCartAct', {
      closes: formatLongDate(ctx.registrationCloses),
      url: `${ctx.publicUrl}${paths.checkout.href()}`,
    }),
  }),
  no_main_file: (ctx) => ({
    subject: text('noMainFileSubject'),
    intro: text('noMainFileIntro', { eventName: ctx.eventName }),
    act: text('noMainFileAct', { url: `${ctx.publicUrl}${paths.uploads.href()}` }),
  }),
  not_finalised: (ctx) => ({
    subject: text('notFinalisedSubject'),
    intro: text('notFinalisedIntro', { eventName: ctx.eventName }),
    act: text('notFinalisedAct', { url: `${ctx.publicUrl}${paths.uploads.href()}` }),
  }),
  results_published: (ctx) => ({
    subject: text('resultsPublishedSubject'),
    intro: text('resultsPublishedIntro', { eventName: ctx.eventName }),
    act: text('resultsPublishedAct', { url: `${ctx.publicUrl}${paths.uploads.href()}` }),
  }),
};

/**
 * A teacher's words (issue 35, decision 067): the subject and introduction of the kinds about a
 * class's entries, which the teacher's account holds for its learners.
 */
const TEACHER: Partial<Record<ReminderKind, (ctx: Context) => { subject: string; intro: string }>> =
  {
    no_main_file: (ctx) => ({
      subject: text('noMainFileSubjectTeacher'),
      intro: text('noMainFileIntroTeacher', { eventName: ctx.eventName }),
    }),
    not_finalised: (ctx) => ({
      subject: text('notFinalisedSubjectTeacher'),
      intro: text('notFinalisedIntroTeacher', { eventName: ctx.eventName }),
    }),
    results_published: (ctx) => ({
      subject: text('resultsPublishedSubjectTeacher'),
      intro: text('resultsPublishedIntroTeacher', { eventName: ctx.eventName }),
    }),
  };

/** A teacher's entries, learner by learner: each learner's name once, their entries under it. */
function byLearner(kind: ReminderKind, entries: AudienceFamily['entries']): string[] {
  const learners = new Map<string, AudienceFamily['entries']>();
  for (const e of entries) learners.set(e.contestant, [...(learners.get(e.contestant) ?? []), e]);
  return [...learners].flatMap(([contestant, own]) => [
    text('learnerHeading', { contestant }),
    ...own.map((e) => {
      const what = { code: e.code, title: e.title };
      const line =
        kind === 'no_main_file' || kind === 'not_finalised'
          ? text('learnerEntryDue', { ...what, due: wordsOf(describeDate(entryDates(e).uploadBy)) })
          : text('learnerEntry', what);
      return text('emailEntryLine', { entry: line });
    }),
  ]);
}

export function reminderEmail(
  kind: ReminderKind,
  family: AudienceFamily,
  ctx: Context,
): { subject: string; body: string } {
  // A teacher's account is told of its learners' entries in one message, learner by learner.
  const teacher = TEACHER[kind] && family.entries.some((e) => e.learner) ? TEACHER[kind] : null;
  const words = { ...EMAIL[kind](ctx), ...teacher?.(ctx) };
  return {
    subject: words.subject,
    body: [
      text('dear', { firstName: family.firstName }),
      '',
      words.intro,
      '',
      ...(teacher
        ? byLearner(kind, family.entries)
        : family.entries.map((e) => text('emailEntryLine', { entry: entryLine(kind, e) }))),
      '',
      words.act,
      ...(teacher ? [text('teacherAct', { url: `${ctx.publicUrl}${paths.teaching.href()}` })] : []),
      '',
      text('whyYouGetThis', {
        eventName: ctx.eventName,
        url: `${ctx.publicUrl}${paths.myProfile.href()}`,
      }),
    ].join('\n'),
  };
}

/** A template's value: one line (the Cloud API refuses new lines and tabs), not too long. */
const oneLine = (words: string, max: number) => {
  const flat = words.replace(/\s+/g, ' ').trim();
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
  const details =
    more > 0 ? text('andMore', { entries: shown.join('; '), count: more }) : shown.join('; ');
  const firstName = oneLine(family.firstName, 60);
  const eventName = oneLine(ctx.eventName, 100);
  const entries = oneLine(details, 600);
  const parameters = [firstName, eventName, entries];
  return {
    template: templates[kind],
    parameters,
    text: text(WHATSAPP_TEMPLATE_TEXT[kind], { firstName, eventName, entries }),
  };
}
