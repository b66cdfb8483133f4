import { entryDates } from '@eisteddfod/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { languagesLoaded } from '../../lib/messages.ts';
import af from './messages/af.json' with { type: 'json' };
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

describe('a reminder in the family’s language (issue 36, decision 069)', () => {
  const afrikaans: AudienceFamily = { ...family, language: 'af' };
  const bothLanguages = (name: string) => ({ name, locales: ['en' as const, 'af' as const] });

  beforeAll(languagesLoaded);

  it('by email: the af catalogue’s words, its links opening in Afrikaans', () => {
    const { subject, body } = reminderEmail('not_finalised', afrikaans, ctx);
    expect(subject).toBe(af.notFinalisedSubject);
    expect(body.startsWith('Beste Thandi,\n')).toBe(true);
    expect(body).toContain(af.notFinalisedIntro.replace('{eventName}', ctx.eventName));
    expect(body).toContain('https://eisteddfod.example/uploads?lang=af');
    expect(reminderEmail('unpaid_cart', afrikaans, ctx).body).toContain('20 April 2025');
  });

  it('by WhatsApp in Afrikaans where the template is approved in it, else in English', () => {
    const warned: object[] = [];
    const log = { warn: (details: object) => void warned.push(details) };
    const inBoth = { byKind: { ...templates.byKind, not_finalised: bothLanguages('c') }, log };
    const sent = reminderWhatsApp('not_finalised', afrikaans, ctx, inBoth);
    expect(sent.language).toBe('af');
    expect(sent.text.startsWith('Hallo Thandi, ')).toBe(true);
    expect(warned).toEqual([]);
    const englishOnly = reminderWhatsApp('not_finalised', afrikaans, ctx, { ...templates, log });
    expect(englishOnly.language).toBe('en');
    expect(englishOnly.text.startsWith('Hi Thandi, these ')).toBe(true);
    expect(warned).toEqual([{ template: 'c', language: 'af', registered: ['en'] }]);
  });

  it('in English for an English family, as before', () => {
    const { subject, body } = reminderEmail('not_finalised', family, ctx);
    expect(subject).toBe('Your entries are complete but not finalised');
    expect(body).toContain('https://eisteddfod.example/uploads?lang=en');
  });
});
