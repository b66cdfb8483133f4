import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { schools } from '../../db/schema/index.ts';

/** Every school's name, in the organisers' order. */
export async function listSchoolNames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ name: schools.name })
    .from(schools)
    .orderBy(asc(schools.sortOrder));
  return rows.map((r) => r.name);
}
