import type { MembershipRole } from '@eisteddfod/shared';
import { schoolMemberships, schools } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { multipartFile } from '../../test/multipart.ts';
import type { TestApp } from '../../test/test-app.ts';

let n = 0;

/** A school of the list, added directly (the organisers' API is another module's). */
export async function createSchool(t: TestApp, name = `Test School ${process.pid}-${++n}`) {
  const [row] = await t.database.db
    .insert(schools)
    .values({ name })
    .returning({ id: schools.id, name: schools.name });
  // Inserted behind the schools service's back: the contestant form's list is read again, as
  // after an organiser's change.
  t.app.contestants.forgetSchools();
  return row!;
}

/**
 * A family account an organiser approved for `schoolId`, inserted directly: the approval API is
 * built in parallel (issue 35, part C). Returns the family with its class's id.
 */
export async function createTeacher(
  t: TestApp,
  schoolId: number,
  role: MembershipRole = 'teacher',
) {
  const family = await createFamily(t);
  const [row] = await t.database.db
    .insert(schoolMemberships)
    .values({ customerId: family.id, schoolId, role, status: 'approved', decidedAt: new Date() })
    .returning({ id: schoolMemberships.id });
  const classId = row!.id;
  const base = `/api/Customers/${family.id}/Classes/${classId}`;
  return {
    ...family,
    classId,
    base,
    addLearner: (learner: Record<string, unknown>) =>
      family.call('POST', `${base}/Learners`, {
        gender: 'female',
        grade: '5',
        schoolConsentDeclared: true,
        ...learner,
      }),
    /** The dry run of a class list sent as a file. */
    checkList: (csv: string | Buffer, fileName = 'class.csv') => {
      const body = multipartFile(fileName, typeof csv === 'string' ? Buffer.from(csv) : csv);
      return t.app.inject({
        method: 'POST',
        url: `${base}/ClassList`,
        payload: body.payload,
        headers: { ...family.auth, ...body.headers },
      });
    },
  };
}
