import type { WinnersRule } from '@eisteddfod/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  certificates,
  events,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
  sectionWinners,
} from '../../db/schema/index.ts';
import { isMarkable } from '../entries/index.ts';

/** Section winners: the rule, the marks it reads and the confirmed rows (decision 026). */

/** The event's facts results day needs; undefined for an unknown id. */
export async function findEvent(db: Database, eventId: number) {
  const [row] = await db
    .select({
      id: events.id,
      name: events.name,
      year: events.year,
      timeZone: events.timeZone,
      galaAwards: events.galaAwards,
      certificatesFolder: events.certificatesFolder,
      winnersRule: events.winnersRule,
      winnersRuleUpdatedAt: events.winnersRuleUpdatedAt,
      winnersConfirmedAt: events.winnersConfirmedAt,
      resultsReleaseTime: events.resultsReleaseTime,
      resultsReleasedAt: events.resultsReleasedAt,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}
export type ResultsDayEvent = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export async function saveRule(db: Database, eventId: number, rule: WinnersRule, at: Date) {
  await db
    .update(events)
    .set({ winnersRule: rule, winnersRuleUpdatedAt: at })
    .where(eq(events.id, eventId));
}

/**
 * Every submitted mark (published or not) of a markable individual entry of the event: group
 * entries do not count toward an entrant (decision 026).
 */
export async function findIndividualMarks(db: Database, eventId: number) {
  return db
    .select({
      orderItemId: orderItems.id,
      orderId: orderItems.orderId,
      contestantId: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      school: participantProfiles.school,
      grade: participantProfiles.grade,
      section: categories.section,
      total: marks.total,
      publishedAt: marks.publishedAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .innerJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(and(isMarkable(eventId), eq(items.isGroupItem, false), eq(marks.status, 'submitted')))
    .orderBy(asc(orderItems.id));
}
export type IndividualMark = Awaited<ReturnType<typeof findIndividualMarks>>[number];

/** The event's current (not superseded) winners, with their certificate if made. */
export async function findCurrentWinners(db: Database, eventId: number) {
  return db
    .select({
      id: sectionWinners.id,
      section: sectionWinners.section,
      bandName: sectionWinners.bandName,
      bandLabel: sectionWinners.bandLabel,
      score: sectionWinners.score,
      entries: sectionWinners.entries,
      bestOrderItemId: sectionWinners.bestOrderItemId,
      contestantId: participantProfiles.id,
      customerId: participantProfiles.customerId,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      school: participantProfiles.school,
      grade: participantProfiles.grade,
      acceptedTermsAt: participantProfiles.acceptedTermsAt,
      certificateId: certificates.id,
      verificationCode: certificates.verificationCode,
      certificateName: certificates.firstName,
      certificateSurname: certificates.surname,
    })
    .from(sectionWinners)
    .innerJoin(participantProfiles, eq(participantProfiles.id, sectionWinners.participantProfileId))
    .leftJoin(
      certificates,
      and(eq(certificates.sectionWinnerId, sectionWinners.id), isNull(certificates.supersededAt)),
    )
    .where(and(eq(sectionWinners.eventId, eventId), isNull(sectionWinners.supersededAt)))
    .orderBy(asc(sectionWinners.id));
}
export type CurrentWinner = Awaited<ReturnType<typeof findCurrentWinners>>[number];

export type NewWinner = typeof sectionWinners.$inferInsert;
export type NewCertificate = typeof certificates.$inferInsert;

/**
 * Replaces the event's winners with `winners` and their certificates (`certificateOf(i)` for the
 * i-th winner) in the caller's transaction, once `check` passes with the event's row locked: the old rows and their certificates are superseded
 * (their codes stop verifying). Returns the storage keys of the superseded certificates.
 */
export async function replaceWinners(
  tx: Database,
  eventId: number,
  check: () => Promise<void>,
  winners: NewWinner[],
  certificateOf: (index: number, winnerId: number) => NewCertificate,
  at: Date,
): Promise<string[]> {
  // Two confirmations at once take turns on the event's row; without it each would supersede
  // only the rows it saw and both sets would stay current.
  await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  await check();
  const old = await tx
    .update(sectionWinners)
    .set({ supersededAt: at })
    .where(and(eq(sectionWinners.eventId, eventId), isNull(sectionWinners.supersededAt)))
    .returning({ id: sectionWinners.id });
  let oldKeys: string[] = [];
  if (old.length > 0) {
    const superseded = await tx
      .update(certificates)
      .set({ supersededAt: at })
      .where(
        and(
          inArray(
            certificates.sectionWinnerId,
            old.map((o) => o.id),
          ),
          isNull(certificates.supersededAt),
        ),
      )
      .returning({ storageKey: certificates.storageKey });
    oldKeys = superseded.map((s) => s.storageKey);
  }
  if (winners.length > 0) {
    const inserted = await tx
      .insert(sectionWinners)
      .values(winners)
      .returning({ id: sectionWinners.id });
    await tx.insert(certificates).values(inserted.map((w, i) => certificateOf(i, w.id)));
  }
  await tx.update(events).set({ winnersConfirmedAt: at }).where(eq(events.id, eventId));
  return oldKeys;
}
