import { statementReference, type Item } from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, participantProfiles, schoolMemberships } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { createSchool, createTeacher } from '../class-entries/class-entries.test-helpers.ts';
import { BANKING, enterClass, setBanking, soloItems } from './school-statements.test-helpers.ts';

// Issue 35: "A school's statement shows what is paid, owed and refunded across its teachers."
// One PDF of every teacher's order of the school (decision 066's amendment), for the school's
// coordinator and the organiser, naming none but the school's learners. R160 an entry.
const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let solos: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  organiser = await createStaff(t, 'organiser');
  solos = await soloItems(t);
  await setBanking(organiser, BANKING);
});
afterAll(() => t.close());

type Teacher = Awaited<ReturnType<typeof createTeacher>>;
const coordinatorPdf = (f: Teacher, membershipId = f.membershipId) =>
  f.call('GET', `/api/Customers/${f.id}/Classes/${membershipId}/Statement/Pdf`);
const organiserPdf = (schoolId: number) =>
  organiser.call('GET', `/api/Staff/Schools/${schoolId}/Statement/Pdf`);

/** A school with a coordinator and a teacher, each with entries in the live event. */
async function schoolWithOrders() {
  const school = await createSchool(t, `Protea Primary ${Date.now()}`);
  const coordinator = await createTeacher(
    t,
    school.id,
    [{ firstName: 'Lindiwe', surname: 'Zulu' }],
    'coordinator',
  );
  const teacher = await createTeacher(t, school.id, [
    { firstName: 'Thandi', surname: 'Nkosi' },
    { firstName: 'Pieter', surname: 'van Wyk' },
  ]);
  const coordinatorOrder = await enterClass(coordinator, solos, 1);
  const teacherOrder = await enterClass(teacher, solos, 2);
  return { school, coordinator, teacher, coordinatorOrder, teacherOrder };
}

describe("the school's statement PDF: who may download it", () => {
  it('is for the coordinator (their school only) and the organiser; a teacher 403, a family 403', async () => {
    const { school, coordinator, teacher } = await schoolWithOrders();
    const ok = await coordinatorPdf(coordinator);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    // Through a colleague's class of the school they coordinate: the same school's statement.
    expect((await coordinatorPdf(coordinator, teacher.membershipId)).statusCode).toBe(200);

    const notCoordinator = await coordinatorPdf(teacher);
    expect(notCoordinator.statusCode).toBe(403);
    expect(notCoordinator.json()).toMatchObject({ code: 'NOT_A_COORDINATOR' });

    const elsewhere = await createTeacher(t, (await createSchool(t)).id, [{}], 'coordinator');
    expect((await coordinatorPdf(elsewhere)).statusCode).toBe(200);
    const cross = await coordinatorPdf(elsewhere, coordinator.membershipId);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'CLASS_NOT_FOUND' });

    const family = await createFamily(t);
    const parent = await family.call(
      'GET',
      `/api/Customers/${family.id}/Classes/${coordinator.membershipId}/Statement/Pdf`,
    );
    expect(parent.statusCode).toBe(403);
    for (const caller of [family, teacher, coordinator]) {
      const staff = await caller.call('GET', `/api/Staff/Schools/${school.id}/Statement/Pdf`);
      expect([403, 404]).toContain(staff.statusCode);
    }
    const adjudicator = await createStaff(t, 'adjudicator');
    expect(
      (await adjudicator.call('GET', `/api/Staff/Schools/${school.id}/Statement/Pdf`)).statusCode,
    ).toBe(403);

    const staff = await organiserPdf(school.id);
    expect(staff.statusCode, staff.body).toBe(200);
    expect((await organiserPdf(999_999)).statusCode).toBe(404);
  });

  it('is audited, by whom and for which school', async () => {
    const { school, coordinator } = await schoolWithOrders();
    await coordinatorPdf(coordinator);
    await organiserPdf(school.id);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'school.statement-pdf'), eq(auditLog.entityId, String(school.id))),
      );
    expect(rows.map((r) => r.actorCustomerId).sort()).toEqual(
      [coordinator.id, organiser.id].sort(),
    );
    expect(rows[0]!.details).toMatchObject({ orders: 2, entries: 5 });
  });
});

describe("what the school's statement says", () => {
  it("lists every teacher's order with its reference, the school's learners' entries and the money", async () => {
    const { school, coordinator, teacher, coordinatorOrder, teacherOrder } =
      await schoolWithOrders();
    // The teacher's order holds more than the school's: their own child, and a learner of
    // another school they teach at. Neither is the school's to see.
    const own = await teacher.addContestant({ firstName: 'Owncub', surname: 'Nkosi-Family' });
    const added = await teacher.call('POST', `/api/Orders/${teacherOrder}/OrderItems`, {
      itemId: solos[0]!.id,
      participantProfileId: own,
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const other = await createSchool(t, `Elsewhere High ${Date.now()}`);
    const [second] = await t.database.db
      .insert(schoolMemberships)
      .values({
        customerId: teacher.id,
        schoolId: other.id,
        status: 'approved',
        decidedAt: new Date(),
      })
      .returning();
    const [stranger] = await t.database.db
      .insert(participantProfiles)
      .values({
        customerId: teacher.id,
        firstName: 'Strangerchild',
        surname: 'Elsewhere',
        school: other.name,
        schoolId: other.id,
        grade: '5',
        gender: 'female',
        schoolMembershipId: second!.id,
        schoolConsentDeclaredAt: new Date(),
      })
      .returning();
    const entered = await teacher.call(
      'POST',
      `/api/Customers/${teacher.id}/Classes/${second!.id}/Entries`,
      { add: [{ itemId: solos[0]!.id, learnerId: stranger!.id }], remove: [] },
    );
    expect(entered.statusCode, entered.body).toBe(200);

    for (const res of [await coordinatorPdf(coordinator), await organiserPdf(school.id)]) {
      expect(res.statusCode, res.body).toBe(200);
      const words = pdfText(res.rawPayload);
      for (const expected of [
        school.name,
        statementReference(coordinatorOrder),
        statementReference(teacherOrder),
        'Lindiwe Zulu, grade 5',
        'Thandi Nkosi, grade 5',
        'Pieter van Wyk, grade 5',
        `${solos[1]!.code} ${solos[1]!.shortDescription.split(' ')[0]}`,
        'R 160.00',
        // The teacher's order: 4 of the school's entries (R640) and 2 others (R320), R960 due.
        'R 640.00',
        'R 320.00',
        'R 960.00',
        // Across the school: R160 + R960 owed.
        'R 1 120.00',
        'Account number: 62812345678',
      ])
        expect(words).toContain(expected);
      expect(words).toMatch(/each order keeps its own reference/i);
      for (const hidden of ['Owncub', 'Nkosi-Family', 'Strangerchild', other.name])
        expect(words).not.toContain(hidden);
    }
    // Nothing of the school's reaches another school's statement.
    const otherPdf = pdfText((await organiserPdf(other.id)).rawPayload);
    expect(otherPdf).toContain('Strangerchild');
    for (const hidden of ['Owncub', 'Thandi Nkosi, grade', 'Lindiwe Zulu'])
      expect(otherPdf).not.toContain(hidden);
  });
});
