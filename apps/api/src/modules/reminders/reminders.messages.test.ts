import { entryDates } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { reminderEmail, reminderWhatsApp } from './reminders.messages.ts';
import type { AudienceFamily } from './reminders.repository.ts';

const family: AudienceFamily = {
  customerId: 1,
  firstName: 'Thandi',
  language: 'en',
  subjectKey: 'k',
  email: 'thandi@example.org',
  emailVerifiedAt: new Date(),
  mobileNumber: null,
  mobileVerifiedAt: null,
  country: 'ZA',
  entries: [
    {
      orderItemId: 1,
      code: 'DA101',
      title: 'Poem',
      contestant: 'Lindiwe',
      dueDate: '2025-04-24',
      learner: false,
    },
  ],
};
const ctx = {
  eventName: 'Online Eisteddfod 2025',
  registrationCloses: '2025-04-20',
  publicUrl: 'https://eisteddfod.example',
};
const english = (name: string) => ({ name, locales: ['en' as const] });
const templates = {
  byKind: {
    unpaid_cart: english('a'),
    no_main_file: english('b'),
    not_finalised: english('c'),
    results_published: english('d'),
  },
  log: { warn: () => undefined },
};

describe('reminders name the date every screen shows (issue 32, decision 046)', () => {
  // The uploads portal's 'Due:' and the item card's 'Enter by' give the due date; the reminder
  // said 'by the end of 25 April 2025', the day after, so a family was told two dates.
  const shown = entryDates({ dueDate: '2025-04-24' }).uploadBy.text;

  it('by email', () => {
    for (const kind of ['no_main_file', 'not_finalised'] as const) {
      const { body } = reminderEmail(kind, family, ctx);
      expect(body).toContain(`- Lindiwe: DA101 Poem (Upload by ${shown})`);
      expect(body).not.toContain('25 April');
    }
  });

  it('by WhatsApp', () => {
    const { parameters } = reminderWhatsApp('not_finalised', family, ctx, templates);
    expect(parameters[2]).toBe(`Lindiwe: DA101 Poem (Upload by ${shown})`);
  });
});

describe('a family keeps its words; a teacher gets a teacher’s (issue 35, decision 067)', () => {
  it('words a parent’s reminder as before and a teacher’s learner by learner', () => {
    const parent = reminderEmail('not_finalised', family, ctx);
    expect(parent.subject).toBe('Your entries are complete but not finalised');
    const teacher = reminderEmail(
      'not_finalised',
      { ...family, entries: family.entries.map((e) => ({ ...e, learner: true })) },
      ctx,
    );
    expect(teacher.subject).toBe("Your learners' entries are complete but not finalised");
    expect(teacher.body).toContain('Lindiwe:\n- DA101 Poem (Upload by');
  });
});
