import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, schoolMemberships, teacherConflicts } from '../../db/schema/index.ts';

// Adjudicators' conflicts with a teacher (issue 35, decision 068); the rule that honours them is
// the entries module's (`isVisibleTo`).

export async function findTeacherConflicts(db: Database, adjudicatorId: number) {
  return db
    .select({ id: teacherConflicts.id, label: teacherConflicts.label })
    .from(teacherConflicts)
    .where(eq(teacherConflicts.adjudicatorId, adjudicatorId))
    .orderBy(asc(teacherConflicts.id));
}

/**
 * A family account that teaches or taught (a membership approved, or ended after approval), with
 * the name and email organisers see on Teachers; undefined for any other account.
 */
export async function findTeacher(db: Database, teacherId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      name: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
      email: customers.email,
    })
    .from(customers)
    .where(
      sql`${customers.id} = ${teacherId} and ${customers.role} = 'customer' and exists (
        select 1 from ${schoolMemberships}
         where ${schoolMemberships.customerId} = ${customers.id}
           and ${schoolMemberships.status} in ('approved', 'ended'))`,
    );
  return row;
}

/** Recorded once: a second record of the same teacher is no change (false). */
export async function insertTeacherConflict(
  db: Database,
  values: { adjudicatorId: number; teacherId: number; label: string; recordedBy: number },
): Promise<boolean> {
  const inserted = await db
    .insert(teacherConflicts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: teacherConflicts.id });
  return inserted.length > 0;
}
