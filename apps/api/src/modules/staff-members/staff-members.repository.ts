import { STAFF_ROLES } from '@eisteddfod/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, marks } from '../../db/schema/index.ts';

/** Organisers, adjudicators, any staff role: accounts whose role is one (decision 008). */

const staffColumns = {
  id: customers.id,
  firstName: customers.firstName,
  surname: customers.surname,
  email: customers.email,
  role: customers.role,
  deactivatedAt: customers.deactivatedAt,
};
const isStaff = inArray(customers.role, [...STAFF_ROLES]);

/** By role in the order of STAFF_ROLES (organisers first), then surname and first name. */
export async function listStaff(db: Database) {
  return db
    .select(staffColumns)
    .from(customers)
    .where(isStaff)
    .orderBy(
      sql`array_position(array[${sql.join(
        STAFF_ROLES.map((r) => sql`${r}`),
        sql`, `,
      )}]::text[], ${customers.role})`,
      asc(customers.surname),
      asc(customers.firstName),
      asc(customers.id),
    );
}

export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

export async function findStaff(db: Database, id: number) {
  const [row] = await db
    .select(staffColumns)
    .from(customers)
    .where(and(eq(customers.id, id), isStaff));
  return row;
}

/**
 * Staff changes take turns, cluster-wide: two organisers deactivating each other at the same
 * moment must not both pass the "last active organiser" rule. Transaction scoped.
 */
export async function takeTurn(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK})`);
}
/** The advisory lock's key: '57AFF', staff, in hex (the events' is 0xe16). */
const STAFF_LOCK = 0x57aff;

/** Refuses their sign-in from `at` and ends every session issued so far (a new generation). */
export async function deactivate(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(customers)
    .set({
      deactivatedAt: at,
      sessionGeneration: sql`${customers.sessionGeneration} + 1`,
      updatedAt: at,
    })
    .where(and(eq(customers.id, id), isNull(customers.deactivatedAt)));
}

/** Lets them sign in again; the sessions ended stay ended (the generation stays moved on). */
export async function reactivate(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(customers)
    .set({ deactivatedAt: null, updatedAt: at })
    .where(eq(customers.id, id));
}

/**
 * Deletes the drafts a member was marking (their scores go with them): a draft holds its entry
 * from every other adjudicator, and one who cannot sign in would hold it for good. Submitted
 * marks stay theirs. Returns how many were released.
 */
export async function releaseDrafts(db: Database, adjudicatorId: number): Promise<number> {
  const released = await db
    .delete(marks)
    .where(and(eq(marks.adjudicatorId, adjudicatorId), eq(marks.status, 'draft')))
    .returning({ id: marks.id });
  return released.length;
}
