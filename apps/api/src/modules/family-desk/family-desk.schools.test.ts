import {
  FamilyDetailsSchema,
  FamilySearchPageSchema,
  SchoolClassesSchema,
  type Item,
} from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, participantProfiles, schoolMemberships } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createStaff, finalisedEntry } from '../adjudication/adjudication.test-helpers.ts';
import { createSchool, createTeacher } from '../school-classes/school-classes.test-helpers.ts';

// Issue 35, decision 068: the family desk's one search box also finds schools and their
// teachers, and a teacher's family page shows what the account teaches.

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let catalogue: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00.000Z' });
  organiser = await createStaff(t, 'organiser');
  catalogue = await catalogueItems(t);
});
afterAll(() => t.close());

async function search(q: string, skip = 0) {
  const res = await organiser.call(
    'GET',
    `/api/Staff/Families?q=${encodeURIComponent(q)}&skip=${skip}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return FamilySearchPageSchema.parse(res.json());
}

describe('the family desk finds schools', () => {
  it('by part of the name, folded as schools are, with their teachers, and the teachers too', async () => {
    const school = await createSchool(t, `Protea   Heights ${process.pid} Primary`);
    const teacher = await createTeacher(t, school.id);
    await t.database.db
      .update(customers)
      .set({ firstName: 'Nomsa', surname: 'Zwane' })
      .where(eq(customers.id, teacher.id));
    // A teacher whose request was refused does not teach there.
    const refused = await createFamily(t);
    await t.database.db
      .insert(schoolMemberships)
      .values({ customerId: refused.id, schoolId: school.id, status: 'refused' });

    const found = await search(`protea heights ${process.pid}`);
    expect(found.schools).toEqual([
      { id: school.id, name: school.name, kind: 'school', teachers: 1 },
    ]);
    const row = found.rows.find((r) => r.id === teacher.id);
    expect(row?.matched).toContain('teacher');
    expect(found.rows.map((r) => r.id)).not.toContain(refused.id);

    // Schools lead the first page only.
    expect((await search(`protea heights ${process.pid}`, 20)).schools).toEqual([]);
    // LIKE wildcards are text: '%' finds no school.
    expect((await search('%%')).schools).toEqual([]);
  });

  it("shows a teacher's memberships with each class's learners on the family page", async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, 'coordinator');
    const learner = await teacher.addLearner({ firstName: 'Lwazi', surname: 'Mokoena' });
    expect(learner.statusCode, learner.body).toBe(201);
    const other = await createSchool(t);
    await t.database.db
      .insert(schoolMemberships)
      .values({ customerId: teacher.id, schoolId: other.id, status: 'requested' });

    const res = await organiser.call('GET', `/api/Staff/Families/${teacher.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { teaching } = FamilyDetailsSchema.parse(res.json());
    expect(teaching).toHaveLength(2);
    const approved = teaching.find((m) => m.schoolId === school.id);
    expect(approved).toMatchObject({ role: 'coordinator', status: 'approved', learners: 1 });
    expect(teaching.find((m) => m.schoolId === other.id)).toMatchObject({
      status: 'requested',
      learners: 0,
    });
    const [profile] = await t.database.db
      .select({ membership: participantProfiles.schoolMembershipId })
      .from(participantProfiles)
      .where(eq(participantProfiles.customerId, teacher.id));
    expect(profile?.membership).toBe(teacher.classId);

    // A family that teaches nowhere has nothing there.
    const family = await createFamily(t);
    const plain = await organiser.call('GET', `/api/Staff/Families/${family.id}`);
    expect(FamilyDetailsSchema.parse(plain.json()).teaching).toEqual([]);
  });
});

describe("a school's classes on its page", () => {
  it("counts each approved class's learners and entries by state, for organisers only", async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const solo = catalogue.find((i) => !i.isGroupItem && !i.requiresAnInstrument)!;
    const entry = await finalisedEntry(t, teacher, solo, {
      firstName: 'Ayo',
      school: 'Other School',
    });
    await t.database.db
      .update(participantProfiles)
      .set({ schoolMembershipId: teacher.classId })
      .where(eq(participantProfiles.id, entry.profileId));
    const waiting = await createFamily(t);
    await t.database.db
      .insert(schoolMemberships)
      .values({ customerId: waiting.id, schoolId: school.id, status: 'requested' });

    const res = await organiser.call('GET', `/api/Staff/Schools/${school.id}/Classes`);
    expect(res.statusCode, res.body).toBe(200);
    const page = SchoolClassesSchema.parse(res.json());
    expect(page.classes).toHaveLength(1);
    expect(page.classes[0]).toMatchObject({ membershipId: teacher.classId, learners: 1 });
    expect(page.classes[0]!.counts.sent).toBe(1);
    expect(page.counts.sent).toBe(1);

    const adjudicator = await createStaff(t, 'adjudicator');
    expect(
      (await adjudicator.call('GET', `/api/Staff/Schools/${school.id}/Classes`)).statusCode,
    ).toBe(403);
    expect((await teacher.call('GET', `/api/Staff/Schools/${school.id}/Classes`)).statusCode).toBe(
      404,
    );
  });
});
