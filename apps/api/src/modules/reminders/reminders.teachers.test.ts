import type { Item, ReminderCampaign } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import {
  addMainFile,
  createSchool,
  createTeacher,
  markPaid,
} from '../class-entries/class-entries.test-helpers.ts';

// Issue 35 (decision 067): a teacher's account holds its learners' entries, so the reminders
// reach the teacher; in one message for the whole class, learner by learner, in a teacher's words.
const START = '2025-04-01T10:00:00Z';
let t: TestApp;
let solos: Item[];
const grade = (g: string) => (g === 'R' ? 0 : Number(g));

beforeAll(async () => {
  t = await createTestApp({ now: START });
  solos = (await catalogueItems(t, true)).filter(
    (i) =>
      !i.isGroupItem &&
      !i.requiresAnInstrument &&
      i.category.section === 'Dance' &&
      // The learners are in grade 5.
      (i.grades === null ||
        i.otherGradesAllowed ||
        (grade(i.grades.lowest) <= 5 && grade(i.grades.highest) >= 5)),
  );
});
afterAll(() => t.close());

const reminders = async (to: string) =>
  (
    await (
      await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })
    ).json<{ subject: string; body: string }[]>()
  ).filter((m) => m.body.includes('To stop reminders'));

describe('reminders for a teacher', () => {
  it('sends the teacher one message naming each learner once, with their entries under them', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [
      { firstName: 'Lerato', surname: 'Dube' },
      { firstName: 'Sipho', surname: 'Mokoena' },
    ]);
    const cart = await teacher.openCart();
    const ids: number[] = [];
    for (const [k, learner] of [0, 0, 1].entries()) {
      const added = await teacher.call('POST', `/api/Orders/${cart}/OrderItems`, {
        itemId: solos[k]!.id,
        participantProfileId: teacher.learnerIds[learner]!,
      });
      expect(added.statusCode, added.body).toBe(201);
      ids.push(added.json<{ id: number }>().id);
    }
    await markPaid(t, cart);
    for (const id of ids) await addMainFile(t, id);

    const organiser = await createStaff(t, 'organiser');
    const res = await organiser.call('POST', '/api/Staff/Reminders', {
      eventId: t.eventId,
      kind: 'not_finalised',
      channels: ['email'],
      sendAt: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.settled('reminders.send');
    const campaigns = (await organiser.call('GET', '/api/Staff/Reminders')).json<
      ReminderCampaign[]
    >();
    expect(campaigns.find((c) => c.id === res.json<ReminderCampaign>().id)).toMatchObject({
      status: 'sent',
    });

    const sent = await reminders(teacher.email);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message!.subject).toBe("Your learners' entries are complete but not finalised");
    expect(message!.body).toContain('learner by learner');
    // Each learner once, as a heading, and their entries under them.
    expect(message!.body.match(/^Lerato Dube:$/gm)).toHaveLength(1);
    expect(message!.body.match(/^Sipho Mokoena:$/gm)).toHaveLength(1);
    const lerato = message!.body.indexOf('Lerato Dube:');
    const sipho = message!.body.indexOf('Sipho Mokoena:');
    expect(message!.body.indexOf(`- ${solos[0]!.code} `)).toBeGreaterThan(lerato);
    expect(message!.body.indexOf(`- ${solos[2]!.code} `)).toBeGreaterThan(sipho);
    expect(message!.body).toContain('/teaching');
  });
});
