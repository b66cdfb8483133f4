import type { ClassListReport, SchoolClass } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantProfiles } from '../../db/schema/index.ts';
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

const LIST = [
  'First name,Last name,Grade,Gender,Parent e-mail,Parent cellphone',
  'Aya,Mthembu,Gr 5,F,aya.parent@example.org,082 555 0101',
  'Bongani,Sithole,Grade 5,boy,,',
  ',Nkosi,12,M,,',
  'Carla,Botha,R,Female,not-an-email,',
  'Dineo,Mahlangu,Gr 15,X,,',
  'aya,MTHEMBU,5,f,,',
].join('\n');

const learnersOf = async (classId: number) =>
  t.database.db
    .select()
    .from(participantProfiles)
    .where(eq(participantProfiles.schoolMembershipId, classId));

describe('a class list', () => {
  it('checks every row and writes nothing: problems by row and column, repeats found', async () => {
    const teacher = await createTeacher(t, (await createSchool(t)).id);
    const res = await teacher.checkList(LIST);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = res.json<ClassListReport>();
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(rows[0]).toMatchObject({
      grade: '5',
      gender: 'female',
      parentMobile: '082 555 0101',
      problems: [],
      match: null,
    });
    expect(rows[1]).toMatchObject({ grade: '5', gender: 'male', problems: [] });
    expect(rows[2]!.problems).toEqual([
      expect.objectContaining({ column: 'firstName', message: 'Please enter your first name' }),
    ]);
    expect(rows[3]!.problems.map((p) => p.column)).toEqual(['parentEmail']);
    expect(rows[4]!.problems.map((p) => [p.column, p.message])).toEqual([
      ['grade', '“Gr 15” is not a grade: write R or a number from 1 to 12'],
    ]);
    expect(rows[5]!.problems).toEqual([
      expect.objectContaining({ column: 'firstName', message: 'This learner is on row 2 too' }),
    ]);
    expect(await learnersOf(teacher.classId)).toEqual([]);
  });

  it('reads an XLSX list as a CSV one', async () => {
    const teacher = await createTeacher(t, (await createSchool(t)).id);
    const xlsx = await writeXlsxFile(
      [
        ['Name', 'Surname', 'Grade', 'Sex'].map((value) => ({ value, type: String })),
        [
          { value: 'Lerato', type: String },
          { value: 'Phiri', type: String },
          { value: 3, type: Number },
          { value: 'girl', type: String },
        ],
      ],
      {},
    ).toBuffer();
    const res = await teacher.checkList(xlsx, 'class.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ClassListReport>().rows).toEqual([
      expect.objectContaining({ firstName: 'Lerato', grade: '3', gender: 'female', problems: [] }),
    ]);
  });

  it('refuses a list without the columns, too long or too large', async () => {
    const teacher = await createTeacher(t, (await createSchool(t)).id);
    const noGender = await teacher.checkList('First name,Surname,Grade\nA,B,5\n');
    expect(noGender.statusCode).toBe(400);
    expect(noGender.json()).toMatchObject({ message: 'The class list has no “Gender” column.' });
    const long = [
      'First name,Surname,Grade,Gender',
      ...Array.from({ length: 1001 }, (_, i) => `L${i},S,5,M`),
    ];
    const tooLong = await teacher.checkList(long.join('\n'));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ code: 'CLASS_LIST_TOO_LONG' });
    const big = await teacher.checkList(
      `First name,Surname,Grade,Gender\n${'x'.repeat(2 * 1024 * 1024)}`,
    );
    expect(big.statusCode).toBe(413);
  });

  it('shows the three kinds of duplicate, never a family, and adds the kept rows in one go', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const colleague = await createTeacher(t, school.id);
    const parent = await createFamily(t);
    await teacher.addLearner({ firstName: 'Nomsa', surname: 'Dube', grade: '5' });
    await colleague.addLearner({ firstName: 'Kagiso', surname: 'Molefe', grade: '5' });
    await parent.addContestant({
      firstName: 'Zoë',
      surname: 'Naidoo',
      grade: '4',
      school: school.name,
    });
    const list = [
      'First name,Surname,Grade,Gender',
      'Nomsa,Dube,5,F',
      'Kagiso,Molefe,5,M',
      'Zoe,Naidoo,5,F',
      'Zoe,Naidoo-Smith,5,F',
      'Pule,Mokoena,5,M',
    ].join('\n');
    const { rows } = (await teacher.checkList(list)).json<ClassListReport>();
    expect(rows.map((r) => r.match)).toEqual([
      { kind: 'in-class' },
      { kind: 'in-school', teacherName: null },
      { kind: 'possible-match' },
      null,
      null,
    ]);
    expect(JSON.stringify(rows)).not.toContain(parent.email);

    const keep = rows
      .slice(2)
      .map(({ problems: _p, match: _m, ...r }) => ({ ...r, addAnyway: r.row === 4 }));
    const noConsent = await teacher.call('POST', `${teacher.base}/ClassList/Commit`, {
      rows: keep,
    });
    expect(noConsent.json()).toMatchObject({ code: 'CONSENT_NOT_DECLARED' });
    const skipped = await teacher.call('POST', `${teacher.base}/ClassList/Commit`, {
      schoolConsentDeclared: true,
      rows: rows.slice(1).map(({ problems: _p, match: _m, ...r }) => ({ ...r, addAnyway: true })),
    });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toMatchObject({ code: 'CLASS_LIST_CHANGED' });
    expect(await learnersOf(teacher.classId)).toHaveLength(1);

    const added = await teacher.call('POST', `${teacher.base}/ClassList/Commit`, {
      schoolConsentDeclared: true,
      rows: keep,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ added: 3 });
    const names = (await teacher.call('GET', teacher.base))
      .json<SchoolClass>()
      .learners.map((l) => `${l.firstName} ${l.surname}`);
    expect(names.sort()).toEqual(['Nomsa Dube', 'Pule Mokoena', 'Zoe Naidoo', 'Zoe Naidoo-Smith']);
  });

  it('refuses the whole commit when a row joined the class since the check (all or none)', async () => {
    const teacher = await createTeacher(t, (await createSchool(t)).id);
    const { rows } = (
      await teacher.checkList('First name,Surname,Grade,Gender\nAmahle,Cele,5,F\nBheki,Cele,5,M\n')
    ).json<ClassListReport>();
    await teacher.addLearner({ firstName: 'Bheki', surname: 'Cele', grade: '5', gender: 'male' });
    const res = await teacher.call('POST', `${teacher.base}/ClassList/Commit`, {
      schoolConsentDeclared: true,
      rows: rows.map(({ problems: _p, match: _m, ...r }) => r),
    });
    expect(res.statusCode).toBe(409);
    expect((await learnersOf(teacher.classId)).map((l) => l.firstName)).toEqual(['Bheki']);
    // A row with a problem sent anyway is refused too, and nothing is written.
    const bad = await teacher.call('POST', `${teacher.base}/ClassList/Commit`, {
      schoolConsentDeclared: true,
      rows: [{ ...rows[0]!, problems: undefined, match: undefined, grade: '14' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(await learnersOf(teacher.classId)).toHaveLength(1);
  });
});
