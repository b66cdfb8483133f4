import type { ClassLearner, SchoolClass, SchoolLearners } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  learnerParentContacts,
  orderItems,
  orders,
  participantProfiles,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSchool, createTeacher } from './school-classes.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a teacher's class", () => {
  it('reaches only approved classes: 403 without a membership, 404 for another teacher', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const other = await createTeacher(t, school.id);
    const family = await createFamily(t);
    expect((await teacher.addLearner({ firstName: 'Lwazi', surname: 'Khumalo' })).statusCode).toBe(
      201,
    );

    const none = await family.call('GET', `/api/Customers/${family.id}/Classes/${teacher.classId}`);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'NOT_A_TEACHER' });
    const theirs = await other.call('GET', `/api/Customers/${other.id}/Classes/${teacher.classId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'CLASS_NOT_FOUND' });
    const add = await other.call(
      'POST',
      `/api/Customers/${other.id}/Classes/${teacher.classId}/Learners`,
      {
        firstName: 'X',
        surname: 'Y',
        grade: '5',
        gender: 'male',
        schoolConsentDeclared: true,
      },
    );
    expect(add.statusCode).toBe(404);
    // A class id that does not exist reads the same as another teacher's.
    expect((await other.call('GET', `/api/Customers/${other.id}/Classes/999999`)).statusCode).toBe(
      404,
    );

    const own = await teacher.call('GET', teacher.base);
    expect(own.statusCode).toBe(200);
    expect(own.json<SchoolClass>()).toMatchObject({ mine: true, schoolName: school.name });
    expect(own.json<SchoolClass>().learners.map((l) => l.firstName)).toEqual(['Lwazi']);
  });

  it("lets the school's coordinator read every class and the school, and change none", async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const coordinator = await createTeacher(t, school.id, 'coordinator');
    const elsewhere = await createTeacher(t, (await createSchool(t)).id);
    await teacher.addLearner({ firstName: 'Anele', surname: 'Zulu' });
    await elsewhere.addLearner({ firstName: 'Not', surname: 'Mine' });

    const read = await coordinator.call(
      'GET',
      `/api/Customers/${coordinator.id}/Classes/${teacher.classId}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json<SchoolClass>()).toMatchObject({ mine: false });
    const whole = await coordinator.call(
      'GET',
      `/api/Customers/${coordinator.id}/TeachingSchools/${school.id}/Learners`,
    );
    expect(whole.statusCode).toBe(200);
    expect(whole.json<SchoolLearners>().learners.map((l) => l.firstName)).toEqual(['Anele']);
    const change = await coordinator.call(
      'POST',
      `/api/Customers/${coordinator.id}/Classes/${teacher.classId}/Learners`,
      { firstName: 'A', surname: 'B', grade: '5', gender: 'male', schoolConsentDeclared: true },
    );
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'NOT_YOUR_CLASS' });
    // Another school's class, and a teacher asking for the school, reach nothing.
    expect(
      (
        await coordinator.call(
          'GET',
          `/api/Customers/${coordinator.id}/Classes/${elsewhere.classId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await teacher.call(
          'GET',
          `/api/Customers/${teacher.id}/TeachingSchools/${school.id}/Learners`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('adds a learner held by the teacher, with the declaration audited and the parent kept', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const refused = await teacher.addLearner({
      firstName: 'Sipho',
      surname: 'Mokoena',
      schoolConsentDeclared: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CONSENT_NOT_DECLARED' });
    const bad = await teacher.addLearner({ firstName: '', surname: 'Mokoena' });
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter your first name',
    });
    const badMobile = await teacher.addLearner({
      firstName: 'Sipho',
      surname: 'Mokoena',
      parentMobile: '08x',
    });
    expect(badMobile.statusCode).toBe(400);

    const res = await teacher.addLearner({
      firstName: 'Sipho',
      surname: 'Mokoena',
      grade: 'Gr 4',
      gender: 'male',
      parentEmail: 'parent@example.org',
      parentMobile: '082 555 1234',
    });
    expect(res.statusCode, res.body).toBe(201);
    const learner = res.json<ClassLearner>();
    expect(learner).toMatchObject({
      grade: '4',
      school: school.name,
      entries: 0,
      parentMobile: '0825551234',
    });
    const [row] = await t.database.db
      .select()
      .from(participantProfiles)
      .where(eq(participantProfiles.id, learner.id));
    expect(row).toMatchObject({
      customerId: teacher.id,
      schoolMembershipId: teacher.classId,
      schoolId: school.id,
    });
    expect(row!.schoolConsentDeclaredAt).toBeInstanceOf(Date);
    const [contact] = await t.database.db
      .select()
      .from(learnerParentContacts)
      .where(eq(learnerParentContacts.participantProfileId, learner.id));
    expect(contact).toMatchObject({ email: 'parent@example.org' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(learner.id)));
    expect(audits.map((a) => a.action)).toContain('class.learner.add');

    // The learner is the account's contestant: the family side works for it unchanged.
    const mine = await teacher.call('GET', `/api/Customers/${teacher.id}/participant-profiles`);
    expect(mine.json<{ id: number }[]>().map((p) => p.id)).toContain(learner.id);
  });

  it('edits a learner and removes one without entries', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const a = (
      await teacher.addLearner({ firstName: 'Thandi', surname: 'Ndlovu' })
    ).json<ClassLearner>();
    await teacher.addLearner({ firstName: 'Zola', surname: 'Ndlovu' });
    const edit = await teacher.call('PUT', `${teacher.base}/Learners/${a.id}`, {
      firstName: 'Thandiwe',
      surname: 'Ndlovu',
      grade: '6',
      gender: 'female',
      parentEmail: null,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<ClassLearner>()).toMatchObject({ firstName: 'Thandiwe', grade: '6' });
    // Renamed onto another learner of the class: refused.
    const clash = await teacher.call('PUT', `${teacher.base}/Learners/${a.id}`, {
      firstName: 'Zola',
      surname: 'Ndlovu',
      grade: '6',
      gender: 'female',
    });
    expect(clash.json()).toMatchObject({ code: 'LEARNER_IN_CLASS' });
    // A learner with an entry stays, as a contestant does; the count shows on the class.
    const zola = (await teacher.call('GET', teacher.base))
      .json<SchoolClass>()
      .learners.find((l) => l.firstName === 'Zola')!;
    const [order] = await t.database.db
      .insert(orders)
      .values({ customerId: teacher.id, eventId: t.eventId })
      .returning();
    const item = await t.database.db.query.items.findFirst();
    await t.database.db
      .insert(orderItems)
      .values({ orderId: order!.id, itemId: item!.id, participantProfileId: zola.id });
    const kept = await teacher.call('DELETE', `${teacher.base}/Learners/${zola.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ code: 'PROFILE_HAS_ITEMS' });
    expect(
      (await teacher.call('GET', teacher.base))
        .json<SchoolClass>()
        .learners.find((l) => l.id === zola.id)?.entries,
    ).toBe(1);
    // Another class's learner is not this class's to remove.
    const other = await createTeacher(t, school.id);
    expect((await other.call('DELETE', `${other.base}/Learners/${a.id}`)).statusCode).toBe(404);
    const gone = await teacher.call('DELETE', `${teacher.base}/Learners/${a.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await teacher.call('DELETE', `${teacher.base}/Learners/${a.id}`)).statusCode).toBe(404);
  });

  it('finds the three kinds of duplicate when a learner is added one by one', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const colleague = await createTeacher(t, school.id);
    const coordinator = await createTeacher(t, school.id, 'coordinator');
    const parent = await createFamily(t);
    await teacher.addLearner({ firstName: 'Nomsa', surname: 'Dube', grade: '5' });
    await colleague.addLearner({ firstName: 'Kagiso', surname: 'Molefe', grade: '5' });
    await parent.addContestant({
      firstName: 'Chloé',
      surname: 'Van der Merwe',
      grade: '4',
      school: school.name,
    });

    const again = await teacher.addLearner({ firstName: ' nomsa ', surname: 'DUBE', grade: '6' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'LEARNER_IN_CLASS',
      message: 'nomsa DUBE is already in your class',
    });
    const another = await teacher.addLearner({
      firstName: 'Kagiso',
      surname: 'Molefe',
      grade: '5',
    });
    expect(another.json()).toMatchObject({
      code: 'LEARNER_IN_SCHOOL',
      message: 'Kagiso Molefe is in another class at your school',
    });
    const named = await coordinator.addLearner({
      firstName: 'Kagiso',
      surname: 'Molefe',
      grade: '5',
    });
    expect(named.json<{ message: string }>().message).toMatch(
      /^Kagiso Molefe is in .+'s class at your school$/,
    );
    // A family's child of the same name a grade lower (entered last year): a possible match.
    const match = await teacher.addLearner({
      firstName: 'Chloe',
      surname: 'van der merwe',
      grade: '5',
    });
    expect(match.statusCode).toBe(409);
    expect(match.json()).toMatchObject({ code: 'LEARNER_POSSIBLE_MATCH' });
    expect(match.body).not.toContain(parent.email);
    const anyway = await teacher.addLearner({
      firstName: 'Chloe',
      surname: 'van der merwe',
      grade: '5',
      addAnyway: true,
    });
    expect(anyway.statusCode).toBe(201);
    // Two grades apart is another child.
    expect(
      (await teacher.addLearner({ firstName: 'Kagiso', surname: 'Molefe', grade: '7' })).statusCode,
    ).toBe(201);
  });

  // The security review of issue 35: what a teacher learns of families, and what is on record.
  it("never tells a family child's grade, records every answer that names one, and limits the checks", async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const parent = await createFamily(t);
    await parent.addContestant({
      firstName: 'Sipho',
      surname: 'Dlamini',
      grade: '7',
      school: school.name,
    });
    const codes = [];
    for (const grade of ['5', '7', '9', '12'])
      codes.push(
        (await teacher.addLearner({ firstName: 'Sipho', surname: 'Dlamini', grade })).json<{
          code: string;
        }>().code,
      );
    // The same answer whatever the grade tried: trying each grade learns nothing.
    expect(codes).toEqual(Array(4).fill('LEARNER_POSSIBLE_MATCH'));
    const records = await t.database.db.query.auditLog.findMany({
      where: eq(auditLog.actorCustomerId, teacher.id),
    });
    expect(records.filter((r) => r.action === 'class.possible-match')).toHaveLength(4);

    // An edit is on record with the fields it changed, never the parent's address.
    const added = (
      await teacher.addLearner({
        firstName: 'Lindiwe',
        surname: 'Zulu',
        parentEmail: 'mum@example.org',
      })
    ).json<ClassLearner>();
    const edit = await teacher.call('PUT', `${teacher.base}/Learners/${added.id}`, {
      firstName: 'Lindiwe',
      surname: 'Zulu',
      grade: '5',
      gender: 'female',
      parentEmail: 'other@example.org',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [update] = await t.database.db.query.auditLog
      .findMany({
        where: eq(auditLog.action, 'class.learner.update'),
      })
      .then((rows) => rows.filter((r) => r.entityId === String(added.id)));
    expect(update?.details).toEqual({ membershipId: teacher.classId, changed: ['parentEmail'] });
    expect(JSON.stringify(update?.details)).not.toContain('other@example.org');

    // A teacher adding one by one has 300 checks an hour: the 301st is refused, said in words.
    for (let i = 0; i < 300 - 6; i++)
      await t.app.rateLimiter.hit(`class-learner-checks:${teacher.id}`, 1_000, 3_600_000);
    const refused = await teacher.addLearner({ firstName: 'One', surname: 'Toomany' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
