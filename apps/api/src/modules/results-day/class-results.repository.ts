import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  certificates,
  customers,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
  schoolMemberships,
} from '../../db/schema/index.ts';

// A class's results pack (issue 35, decision 067): every read is of the learners `scope` reaches
// (classScope of the teachers' face, over learnersIn), never of anyone else.

/** The scoped learners' paid entries of the event that were not withdrawn, with their mark. */
export async function findClassResults(db: Database, eventId: number, scope: SQL) {
  return db
    .select({
      orderItemId: orderItems.id,
      learnerId: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      grade: participantProfiles.grade,
      teacher: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      section: categories.section,
      isGroupItem: items.isGroupItem,
      groupName: orderItems.groupName,
      total: marks.total,
      publishedAt: marks.publishedAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .innerJoin(schoolMemberships, eq(schoolMemberships.id, participantProfiles.schoolMembershipId))
    .innerJoin(customers, eq(customers.id, schoolMemberships.customerId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(
      and(
        scope,
        eq(items.eventId, eventId),
        eq(orders.status, 'paid'),
        eq(orderItems.isCancelled, false),
      ),
    )
    .orderBy(
      asc(participantProfiles.surname),
      asc(participantProfiles.firstName),
      asc(items.code),
      asc(orderItems.id),
    );
}
export type ClassResultRow = Awaited<ReturnType<typeof findClassResults>>[number];

/** The current certificates of these entries, their own and Section Winners' hung on them. */
export async function findClassCertificates(db: Database, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select({
      id: certificates.id,
      orderItemId: certificates.orderItemId,
      sectionWinnerId: certificates.sectionWinnerId,
      verificationCode: certificates.verificationCode,
      storageKey: certificates.storageKey,
      firstName: certificates.firstName,
      surname: certificates.surname,
      itemCode: certificates.itemCode,
      itemTitle: certificates.itemTitle,
      award: certificates.award,
    })
    .from(certificates)
    .where(and(inArray(certificates.orderItemId, orderItemIds), isNull(certificates.supersededAt)))
    .orderBy(asc(certificates.surname), asc(certificates.firstName), asc(certificates.id));
}
export type ClassCertificate = Awaited<ReturnType<typeof findClassCertificates>>[number];
