import type { RubricCriterion } from '@eisteddfod/shared';
import { asc, eq, and, count } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rubricCriteria } from '../../db/schema/index.ts';
import { readRubrics } from '../../db/seed/demo-catalogue.ts';

/**
 * The marking rubric of a section. Events seeded before rubrics existed get the demo rubrics
 * (apps/api/data/demo/rubrics.json) the first time one is asked for.
 */
export async function rubricFor(
  db: Database,
  eventId: number,
  section: string,
): Promise<RubricCriterion[]> {
  const read = () =>
    db
      .select({ name: rubricCriteria.name, maxValue: rubricCriteria.maxValue })
      .from(rubricCriteria)
      .where(and(eq(rubricCriteria.eventId, eventId), eq(rubricCriteria.section, section)))
      .orderBy(asc(rubricCriteria.position));
  const rows = await read();
  if (rows.length > 0) return rows;
  const [any] = await db
    .select({ n: count() })
    .from(rubricCriteria)
    .where(eq(rubricCriteria.eventId, eventId));
  if ((any?.n ?? 0) > 0) return rows;
  await db
    .insert(rubricCriteria)
    .values(
      Object.entries(readRubrics()).flatMap(([s, criteria]) =>
        criteria.map((c, position) => ({ eventId, section: s, position, ...c })),
      ),
    )
    .onConflictDoNothing();
  return read();
}
