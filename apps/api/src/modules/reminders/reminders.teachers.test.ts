import type { Item, ReminderCampaign } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily } from '../../test/family.ts';
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

  it('goes to teachers only, or to families only, as the organiser chose; a teacher who is a parent too hears of each apart', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{ firstName: 'Thandi', surname: 'Nkosi' }]);
    const ownChild = await teacher.addContestant({ firstName: 'Ayanda', surname: 'Own' });
    const family = await createFamily(t);
    const child = await family.addContestant({ firstName: 'Karabo', surname: 'Family' });
    const enter = async (who: typeof family, cart: number, profileId: number, item: Item) => {
      const added = await who.call('POST', `/api/Orders/${cart}/OrderItems`, {
        itemId: item.id,
        participantProfileId: profileId,
      });
      expect(added.statusCode, added.body).toBe(201);
      await addMainFile(t, added.json<{ id: number }>().id);
    };
    const teacherCart = await teacher.openCart();
    const familyCart = await family.openCart();
    // Entered and paid before their main files: addMainFile needs the entry only.
    await enter(teacher, teacherCart, teacher.learnerIds[0]!, solos[3]!);
    await enter(teacher, teacherCart, ownChild, solos[4]!);
    await enter(family, familyCart, child, solos[3]!);
    await markPaid(t, teacherCart);
    await markPaid(t, familyCart);

    const organiser = await createStaff(t, 'organiser');
    const preview = async (audience: string) =>
      (
        await organiser.call(
          'GET',
          `/api/Staff/Reminders/Preview?eventId=${t.eventId}&kind=not_finalised&channels=email&audience=${audience}`,
        )
      ).json<{ audience: number }>().audience;
    // The teacher and the family; the teacher alone for learners; both for children.
    expect(await preview('all')).toBe(2);
    expect(await preview('teachers')).toBe(1);
    expect(await preview('families')).toBe(2);

    const campaign = async (audience: string) => {
      const res = await organiser.call('POST', '/api/Staff/Reminders', {
        eventId: t.eventId,
        kind: 'not_finalised',
        channels: ['email'],
        sendAt: null,
        audience,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<ReminderCampaign>()).toMatchObject({ audience });
      await t.app.jobs.settled('reminders.send');
    };
    await campaign('teachers');
    let toTeacher = await reminders(teacher.email);
    expect(toTeacher).toHaveLength(1);
    expect(toTeacher[0]!.body).toContain('Thandi Nkosi');
    expect(toTeacher[0]!.body).not.toContain('Ayanda Own');
    expect(await reminders(family.email)).toHaveLength(0);

    await campaign('families');
    const toFamily = await reminders(family.email);
    expect(toFamily).toHaveLength(1);
    expect(toFamily[0]!.body).toContain('Karabo Family');
    toTeacher = await reminders(teacher.email);
    expect(toTeacher).toHaveLength(2);
    const second = toTeacher.find((m) => m.body.includes('Ayanda Own'))!;
    expect(second.body).not.toContain('Thandi Nkosi');
  });
});
