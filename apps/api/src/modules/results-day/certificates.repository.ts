import {
  and,
  asc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  certificates,
  events,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
  sectionWinners,
} from '../../db/schema/index.ts';

/** Certificates of published results and what they are made from (decision 008). */

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;

/** What a marked entry's certificates say: the entry, its contestant, mark and event. */
export async function findCertificateFacts(db: Database, orderItemId: number) {
  const [row] = await db
    .select({
      orderItemId: orderItems.id,
      orderId: orderItems.orderId,
      groupName: orderItems.groupName,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      isGroupItem: items.isGroupItem,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      school: participantProfiles.school,
      total: marks.total,
      publishedAt: marks.publishedAt,
      eventName: events.name,
      eventYear: events.year,
      certificatesFolder: sql<string>`coalesce(${events.certificatesFolder}, ${events.year}::text || 'Certificates')`,
      galaAwards: events.galaAwards,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(events, eq(events.id, items.eventId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .innerJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(eq(orderItems.id, orderItemId));
  return row;
}
export type CertificateFacts = NonNullable<Awaited<ReturnType<typeof findCertificateFacts>>>;

const isCurrent = isNull(certificates.supersededAt);
/** An entry's own certificate, not a Section Winner's hung on the entry (decision 026). */
const isEntryCertificate = isNull(certificates.sectionWinnerId);

/** The entry's current (not superseded) certificates, oldest first. */
export async function findCurrentCertificates(
  db: Database,
  orderItemId: number,
): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.orderItemId, orderItemId), isCurrent, isEntryCertificate))
    .orderBy(asc(certificates.id));
}

/**
 * Stores the entry's new certificates in one transaction; with `supersede`, its current ones are
 * superseded at `at` first.
 */
/** Holds the entry's row until the transaction ends: one certificate run per entry at a time. */
export async function lockEntry(tx: Database, orderItemId: number): Promise<void> {
  await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.id, orderItemId))
    .for('update');
}

export async function insertCertificates(
  db: Database,
  orderItemId: number,
  made: NewCertificate[],
  supersede: boolean,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (supersede) {
      await tx
        .update(certificates)
        .set({ supersededAt: at })
        .where(and(eq(certificates.orderItemId, orderItemId), isCurrent, isEntryCertificate));
    }
    await tx.insert(certificates).values(made);
  });
}

/** A current certificate by id; undefined once it is superseded. */
export async function findCurrentCertificate(
  db: Database,
  id: number,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), isCurrent));
  return row;
}

/**
 * A current certificate by its verification code; a Section Winner's only once its event's
 * results are released (decision 026): before, the check would announce the win.
 */
export async function findCurrentCertificateByCode(
  db: Database,
  verificationCode: string,
): Promise<(CertificateRow & { nameWithheld: boolean }) | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(certificates),
      // A learner a teacher entered whose parent has not consented yet (decision 063): the
      // certificate is genuine, but the public page names nobody. A member of a class's group
      // is a learner whose own parent's consent is not recorded: named by no public page either
      // (security review).
      nameWithheld: sql<boolean>`coalesce(${participantProfiles.schoolMembershipId} is not null
        and (${participantProfiles.acceptedTermsAt} is null
          or ${certificates.groupParticipantId} is not null), false)`,
    })
    .from(certificates)
    .innerJoin(orderItems, eq(orderItems.id, certificates.orderItemId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(sectionWinners, eq(sectionWinners.id, certificates.sectionWinnerId))
    .leftJoin(events, eq(events.id, sectionWinners.eventId))
    .where(
      and(
        eq(certificates.verificationCode, verificationCode),
        isCurrent,
        or(isEntryCertificate, isNotNull(events.resultsReleasedAt)),
      ),
    );
  return row;
}

/**
 * Entries published before `before` that have no current certificate: their job was lost (the
 * process died between publishing and queueing) or failed for good.
 */
export async function findPublishedWithoutCertificates(
  db: Database,
  before: Date,
  limit = 500,
): Promise<number[]> {
  const rows = await db
    .select({ orderItemId: marks.orderItemId })
    .from(marks)
    .where(
      and(
        lt(marks.publishedAt, before),
        notExists(
          db
            .select({ id: certificates.id })
            .from(certificates)
            .where(
              and(eq(certificates.orderItemId, marks.orderItemId), isCurrent, isEntryCertificate),
            ),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.orderItemId);
}
