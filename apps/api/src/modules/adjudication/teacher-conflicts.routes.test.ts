import {
  AdjudicatorsSchema,
  ConflictSchema,
  MarkingListSchema,
  type Item,
} from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  groupParticipants,
  participantProfiles,
  schoolMemberships,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSchool, createTeacher } from '../school-classes/school-classes.test-helpers.ts';
import { createStaff, finalisedEntry, type Family } from './adjudication.test-helpers.ts';

// Issue 35, decision 068: conflicts of interest follow schools and teachers. Each read an
// adjudicator has of an entry (the list, the entry, a mark, a file's link) and the organisers'
// counts of what each adjudicator may mark go through one rule, `isVisibleTo`.

let t: TestApp;
let catalogue: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
});
afterAll(() => t.close());

const item = (test: (i: Item) => boolean) => {
  const found = catalogue.find(test);
  if (!found) throw new Error('no such item in the demo catalogue');
  return found;
};
const danceSolo = () =>
  item((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');
const danceGroup = () =>
  item((i) => i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');

/** An adjudicator of Dance, with every way an entry reaches them. */
async function danceAdjudicator() {
  const adjudicator = await createStaff(t, 'adjudicator');
  const assigned = await organiser.call(
    'POST',
    `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`,
    { section: 'Dance' },
  );
  expect(assigned.statusCode, assigned.body).toBe(201);
  return {
    ...adjudicator,
    async visible(): Promise<number[]> {
      const res = await adjudicator.call('GET', '/api/Staff/Marking');
      expect(res.statusCode, res.body).toBe(200);
      return MarkingListSchema.parse(res.json()).map((e) => e.orderItemId);
    },
    /** What the organisers' Adjudicators page counts as theirs to mark. */
    async assignedCount(): Promise<number> {
      const res = await organiser.call('GET', '/api/Staff/Adjudicators');
      const me = AdjudicatorsSchema.parse(res.json()).find((a) => a.id === adjudicator.id);
      return me!.progress.assigned;
    },
    /** The entry, its file's link and a submitted mark: each answers 404. */
    async expectRefused(entry: { orderItemId: number; uploadId: number }) {
      const url = `/api/Staff/Marking/${entry.orderItemId}`;
      expect((await adjudicator.call('GET', url)).statusCode).toBe(404);
      const link = await adjudicator.call(
        'GET',
        `/api/Staff/BucketLink?orderItemId=${entry.orderItemId}&uploadId=${entry.uploadId}`,
      );
      expect(link.statusCode, link.body).toBe(404);
      const mark = await adjudicator.call('PUT', url, {
        scores: [],
        comment: 'Lovely',
        submit: true,
      });
      expect(mark.statusCode, mark.body).toBe(404);
    },
    async expectReached(entry: { orderItemId: number; uploadId: number }) {
      expect(await this.visible()).toContain(entry.orderItemId);
      const link = await adjudicator.call(
        'GET',
        `/api/Staff/BucketLink?orderItemId=${entry.orderItemId}&uploadId=${entry.uploadId}`,
      );
      expect(link.statusCode, link.body).toBe(200);
    },
  };
}
type Adjudicator = Awaited<ReturnType<typeof danceAdjudicator>>;

/** A learner of `teacher`'s class (typed school: 'Other School', none of the list) with a finalised entry. */
async function learnerEntry(teacher: Family & { classId: number }, item: Item, firstName: string) {
  const entry = await finalisedEntry(t, teacher, item, { firstName, school: 'Other School' });
  await t.database.db
    .update(participantProfiles)
    .set({ schoolMembershipId: teacher.classId })
    .where(eq(participantProfiles.id, entry.profileId));
  return entry;
}

async function expectHidden(
  adjudicator: Adjudicator,
  entry: Parameters<Adjudicator['expectRefused']>[0],
) {
  expect(await adjudicator.visible()).not.toContain(entry.orderItemId);
  await adjudicator.expectRefused(entry);
}

describe('an adjudicator who teaches at a school', () => {
  it("never reaches the school's learners, by their class or by their school's record", async () => {
    const school = await createSchool(t);
    const colleague = await createTeacher(t, school.id);
    const inClass = await learnerEntry(colleague, danceSolo(), 'Thandi');
    const family = await createFamily(t);
    const attends = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Zola',
      school: 'Other School',
    });
    await t.database.db
      .update(participantProfiles)
      .set({ schoolId: school.id })
      .where(eq(participantProfiles.id, attends.profileId));
    const adjudicator = await danceAdjudicator();
    await adjudicator.expectReached(inClass);
    await adjudicator.expectReached(attends);
    const before = await adjudicator.assignedCount();

    // The adjudicator teaches there with their own family account (another account, same email).
    const own = await createTeacher(t, school.id);
    await t.database.db
      .update(customers)
      .set({ email: adjudicator.email.toUpperCase() })
      .where(eq(customers.id, own.id));

    await expectHidden(adjudicator, inClass);
    await expectHidden(adjudicator, attends);
    expect(await adjudicator.assignedCount()).toBe(before - 2);
  });

  it('stops reaching them once the membership is approved, not while it is only asked', async () => {
    const school = await createSchool(t);
    const colleague = await createTeacher(t, school.id);
    const entry = await learnerEntry(colleague, danceSolo(), 'Buhle');
    const adjudicator = await danceAdjudicator();
    const [asked] = await t.database.db
      .insert(schoolMemberships)
      .values({ customerId: adjudicator.id, schoolId: school.id, status: 'requested' })
      .returning({ id: schoolMemberships.id });
    await adjudicator.expectReached(entry);
    await t.database.db
      .update(schoolMemberships)
      .set({ status: 'approved' })
      .where(eq(schoolMemberships.id, asked!.id));
    await expectHidden(adjudicator, entry);
  });

  it('never reaches a group with one member who is a learner of the school', async () => {
    const school = await createSchool(t);
    const colleague = await createTeacher(t, school.id);
    await learnerEntry(colleague, danceSolo(), 'Karabo');
    const family = await createFamily(t);
    const group = await finalisedEntry(t, family, danceGroup(), { firstName: 'Sipho' });
    await t.database.db
      .update(groupParticipants)
      .set({ firstName: 'karabo ', surname: 'DLAMINI' })
      .where(
        and(
          eq(groupParticipants.orderItemId, group.orderItemId),
          eq(groupParticipants.position, 1),
        ),
      );
    const adjudicator = await danceAdjudicator();
    await adjudicator.expectReached(group);
    await t.database.db
      .insert(schoolMemberships)
      .values({ customerId: adjudicator.id, schoolId: school.id, status: 'approved' });
    await expectHidden(adjudicator, group);
  });
});

describe('a conflict declared with a school', () => {
  it('keeps away a learner whose class is at the school, whatever school they typed', async () => {
    const school = await createSchool(t, `Riverside Primary ${process.pid}`);
    const teacher = await createTeacher(t, school.id);
    const entry = await learnerEntry(teacher, danceSolo(), 'Lindiwe');
    const adjudicator = await danceAdjudicator();
    await adjudicator.expectReached(entry);
    const declared = await adjudicator.call('POST', '/api/Staff/Conflicts', {
      kind: 'school',
      name: school.name,
    });
    expect(declared.statusCode, declared.body).toBe(201);
    await expectHidden(adjudicator, entry);
  });
});

describe("an adjudicator's conflict with a teacher", () => {
  async function recordTeacher(adjudicator: Adjudicator, teacherId: number) {
    return organiser.call('POST', `/api/Staff/Adjudicators/${adjudicator.id}/Conflicts`, {
      teacherId,
    });
  }

  it('keeps every learner of the teacher away, in each class at any school, and groups they entered', async () => {
    const first = await createSchool(t);
    const second = await createSchool(t);
    const teacher = await createTeacher(t, first.id);
    const [other] = await t.database.db
      .insert(schoolMemberships)
      .values({ customerId: teacher.id, schoolId: second.id, status: 'approved' })
      .returning({ id: schoolMemberships.id });
    const a = await learnerEntry(teacher, danceSolo(), 'Ayanda');
    const b = await learnerEntry({ ...teacher, classId: other!.id }, danceSolo(), 'Bongi');
    const group = await finalisedEntry(t, teacher, danceGroup(), { firstName: 'Chulu' });
    // Another teacher's group with one of the teacher's learners as a member.
    const elsewhere = await createTeacher(t, (await createSchool(t)).id);
    const mixed = await learnerEntry(elsewhere, danceGroup(), 'Dumi');
    await t.database.db
      .update(groupParticipants)
      .set({ firstName: 'Ayanda', surname: 'Dlamini' })
      .where(
        and(
          eq(groupParticipants.orderItemId, mixed.orderItemId),
          eq(groupParticipants.position, 1),
        ),
      );
    const unrelated = await learnerEntry(elsewhere, danceSolo(), 'Elethu');

    const adjudicator = await danceAdjudicator();
    for (const entry of [a, b, group, mixed]) await adjudicator.expectReached(entry);
    const before = await adjudicator.assignedCount();

    const res = await recordTeacher(adjudicator, teacher.id);
    expect(res.statusCode, res.body).toBe(201);
    const conflicts = ConflictSchema.array().parse(res.json());
    expect(conflicts).toContainEqual(expect.objectContaining({ kind: 'teacher' }));

    for (const entry of [a, b, group, mixed]) await expectHidden(adjudicator, entry);
    await adjudicator.expectReached(unrelated);
    expect(await adjudicator.assignedCount()).toBe(before - 4);
    // The adjudicator sees it on their own list.
    const own = ConflictSchema.array().parse(
      (await adjudicator.call('GET', '/api/Staff/Conflicts')).json(),
    );
    expect(own.map((c) => c.kind)).toContain('teacher');
  });

  it('is audited once, and recorded only by an organiser, for a teacher and an adjudicator', async () => {
    const teacher = await createTeacher(t, (await createSchool(t)).id);
    const adjudicator = await danceAdjudicator();
    expect((await recordTeacher(adjudicator, teacher.id)).statusCode).toBe(201);
    expect((await recordTeacher(adjudicator, teacher.id)).statusCode).toBe(201);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'conflict.teacher-recorded'),
          eq(auditLog.entityId, String(adjudicator.id)),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({ teacherId: teacher.id });

    // A family that teaches nowhere is no teacher; an organiser is no adjudicator.
    const family = await createFamily(t);
    expect((await recordTeacher(adjudicator, family.id)).statusCode).toBe(404);
    const noAdjudicator = await organiser.call(
      'POST',
      `/api/Staff/Adjudicators/${organiser.id}/Conflicts`,
      {
        teacherId: teacher.id,
      },
    );
    expect(noAdjudicator.statusCode).toBe(404);
    // The adjudicator cannot record one themselves.
    const self = await adjudicator.call(
      'POST',
      `/api/Staff/Adjudicators/${adjudicator.id}/Conflicts`,
      {
        teacherId: teacher.id,
      },
    );
    expect(self.statusCode).toBe(403);
  });
});
