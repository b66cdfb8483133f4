import type { SchoolKind } from '@eisteddfod/shared';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { foldedSql } from '../../db/fold.ts';
import { schools } from '../../db/schema/index.ts';

// Schools on the family desk (issue 35, decision 068): the one search box also finds schools.

/** At most this many schools answer one search: a name that broad wants more letters. */
const SCHOOLS_FOUND = 10;

/**
 * Schools of the list whose name, folded as schools are (decision 061: case and runs of spaces),
 * contains `pattern` (folded the same way and escaped for LIKE), with their approved teachers.
 */
export async function findSchoolsNamed(db: Database, pattern: string) {
  return db
    .select({
      id: schools.id,
      name: schools.name,
      kind: sql<SchoolKind>`${schools.kind}`,
      // Named in full: Drizzle leaves a one-table query's columns unqualified.
      teachers: sql<number>`(select count(*)::int from school_memberships sm
        where sm.school_id = schools.id and sm.status = 'approved')`,
    })
    .from(schools)
    .where(sql`${foldedSql(schools.name)} like ${pattern}`)
    .orderBy(asc(schools.name), asc(schools.id))
    .limit(SCHOOLS_FOUND);
}
