import type { RubricCriterion } from '@eisteddfod/shared';
import { asc, eq, and, count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rubricCriteria } from '../../db/schema/index.ts';
import { readRubrics } from '../../db/seed/demo-catalogue.ts';

/**
 * Events seeded before rubrics existed get the demo rubrics (apps/api/data/demo/rubrics.json)
 * the first time one is asked for, by the marking form or the rubric editor alike: otherwise
 * an organiser saving one section would leave the other three without criteria for marking.
 */
export async function ensureRubrics(db: Database, eventId: number): Promise<void> {
  const [any] = await db
    .select({ n: count() })
    .from(rubricCriteria)
    .where(eq(rubricCriteria.eventId, eventId));
  if ((any?.n ?? 0) > 0) return;
  await db
    .insert(rubricCriteria)
    .values(
      Object.entries(readRubrics()).flatMap(([s, criteria]) =>
        criteria.map((c, position) => ({ eventId, section: s, position, ...c })),
      ),
    )
    .onConflictDoNothing();
}

/** The marking rubric of a section of the event, in order. */
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
  await ensureRubrics(db, eventId);
  return read();
}

/**
 * The advisory lock (two-key form, its own key space) that an event's rubrics and its marks
 * take turns under, until the caller's transaction ends (decision 018). A rubric change takes
 * it alone ('change'); marks being written share it ('mark'), so they never wait for each
 * other. A mark reads its rubric and is checked against it under the lock, and a change counts
 * the marks under it: a first mark cannot slip in between a change's count and its write, nor
 * be checked against criteria that are replaced before it is written.
 */
export async function lockRubrics(
  db: Database,
  eventId: number,
  purpose: 'change' | 'mark',
): Promise<void> {
  await db.execute(
    purpose === 'change'
      ? sql`select pg_advisory_xact_lock(${RUBRICS_LOCK}, ${eventId})`
      : sql`select pg_advisory_xact_lock_shared(${RUBRICS_LOCK}, ${eventId})`,
  );
}
/** The first key, naming the lock: decision 018's number (any fixed int4 would do). */
const RUBRICS_LOCK = 18;
