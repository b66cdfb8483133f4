import { MARK_CHANGE_MINUTES } from '@eisteddfod/shared';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { marks, rubricScores } from '../../db/schema/index.ts';

/** Marks and their rubric scores (blind marking, decision 008). */

export async function findMark(db: Database, markId: number) {
  const [mark] = await db.select().from(marks).where(eq(marks.id, markId));
  return mark;
}

export async function findRubricScores(db: Database, markId: number) {
  return db
    .select({ name: rubricScores.name, value: rubricScores.value, maxValue: rubricScores.maxValue })
    .from(rubricScores)
    .where(eq(rubricScores.markId, markId))
    .orderBy(asc(rubricScores.position));
}

export interface MarkToSave {
  orderItemId: number;
  adjudicatorId: number;
  comment: string;
  total: number;
  submit: boolean;
  at: Date;
  scores: { position: number; name: string; value: number; maxValue: number }[];
}

/**
 * Saves an adjudicator's draft or submitted mark with its scores, in one transaction. Another
 * adjudicator's mark, a published one, or a submitted one that has locked or is being saved as a
 * draft, is never overwritten (races): then it answers false. A change to a submitted mark keeps
 * its first submission time, so its minutes to change are not extended.
 */
export async function saveMark(db: Database, input: MarkToSave): Promise<boolean> {
  const status = input.submit ? 'submitted' : 'draft';
  const changeable = input.submit
    ? or(
        eq(marks.status, 'draft'),
        and(
          eq(marks.status, 'submitted'),
          isNull(marks.publishedAt),
          // Submitted less than its minutes ago (decision 058).
          gt(marks.submittedAt, new Date(input.at.getTime() - MARK_CHANGE_MINUTES * 60_000)),
        ),
      )
    : eq(marks.status, 'draft');
  return db.transaction(async (tx) => {
    const [mark] = await tx
      .insert(marks)
      .values({
        orderItemId: input.orderItemId,
        adjudicatorId: input.adjudicatorId,
        comment: input.comment,
        total: input.total,
        status,
        updatedAt: input.at,
        submittedAt: input.submit ? input.at : null,
      })
      .onConflictDoUpdate({
        target: marks.orderItemId,
        set: {
          comment: input.comment,
          total: input.total,
          status,
          updatedAt: input.at,
          submittedAt: input.submit
            ? sql`coalesce(${marks.submittedAt}, ${input.at.toISOString()}::timestamptz)`
            : null,
        },
        setWhere: and(eq(marks.adjudicatorId, input.adjudicatorId), changeable),
      })
      .returning({ id: marks.id });
    if (!mark) return false;
    await tx.delete(rubricScores).where(eq(rubricScores.markId, mark.id));
    if (input.scores.length > 0) {
      await tx.insert(rubricScores).values(input.scores.map((s) => ({ ...s, markId: mark.id })));
    }
    return true;
  });
}

/** A submitted, unpublished mark back to draft; false when there is none such. */
export async function reopenMark(db: Database, orderItemId: number, at: Date): Promise<boolean> {
  const [reopened] = await db
    .update(marks)
    .set({ status: 'draft', submittedAt: null, updatedAt: at })
    .where(
      and(
        eq(marks.orderItemId, orderItemId),
        eq(marks.status, 'submitted'),
        sql`${marks.publishedAt} is null`,
      ),
    )
    .returning({ id: marks.id });
  return Boolean(reopened);
}
