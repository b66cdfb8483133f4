import { eq } from 'drizzle-orm';
import type { MembershipRole } from '@eisteddfod/shared';
import {
  marks,
  orderItems,
  orderItemUploads,
  orders,
  participantProfiles,
  schoolMemberships,
  schools,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import type { TestApp } from '../../test/test-app.ts';

// An approved teacher with learners, inserted directly: the approval and the class's learner
// screens are built in parallel (issue 35, parts C and D).

let n = 0;

/** A school of the list, made directly. */
export async function createSchool(t: TestApp, name = `Class School ${++n} ${process.pid}`) {
  const [row] = await t.database.db.insert(schools).values({ name }).returning();
  return row!;
}

export interface Learner {
  firstName?: string;
  surname?: string;
  grade?: string;
}

/** A family account with an approved membership of `schoolId` and learners in that class. */
export async function createTeacher(
  t: TestApp,
  schoolId: number,
  learners: Learner[] = [],
  role: MembershipRole = 'teacher',
) {
  const family = await createFamily(t);
  const db = t.database.db;
  const [membership] = await db
    .insert(schoolMemberships)
    .values({ customerId: family.id, schoolId, role, status: 'approved', decidedAt: new Date() })
    .returning();
  const teacher = {
    ...family,
    membershipId: membership!.id,
    learnerIds: [] as number[],
    /** Adds learners to the class; their ids, in order. */
    async addLearners(list: Learner[]): Promise<number[]> {
      if (list.length === 0) return [];
      const rows = await db
        .insert(participantProfiles)
        .values(
          list.map((l, i) => ({
            customerId: family.id,
            firstName: l.firstName ?? `Learner${i + 1}`,
            surname: l.surname ?? 'Mokoena',
            school: 'Other School',
            schoolId,
            grade: l.grade ?? '5',
            gender: 'female' as const,
            schoolMembershipId: membership!.id,
            schoolConsentDeclaredAt: new Date(),
          })),
        )
        .returning({ id: participantProfiles.id });
      const ids = rows.map((r) => r.id);
      teacher.learnerIds.push(...ids);
      return ids;
    },
  };
  await teacher.addLearners(learners);
  return teacher;
}

/** Marks a cart paid without a payment (the states test needs paid entries fast). */
export async function markPaid(t: TestApp, orderId: number) {
  await t.database.db
    .update(orders)
    .set({ status: 'paid', completedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** A main file on the entry. */
export async function addMainFile(t: TestApp, orderItemId: number) {
  await t.database.db.insert(orderItemUploads).values({
    orderItemId,
    fileName: `${orderItemId}_performance.mp4`,
    originalFileName: 'performance.mp4',
    storageKey: `entries/${orderItemId}/performance.mp4`,
    uploadType: 2,
    sizeInBytes: 1000,
    isPrimaryFile: true,
    isVideo: true,
    processingState: 'ready',
  });
}

/** Finalises the entry, and publishes a mark on it when `marked`. */
export async function finalise(t: TestApp, orderItemId: number, marked = false) {
  const db = t.database.db;
  await db
    .update(orderItems)
    .set({ isSubmittedForMarking: true, submittedForMarkingAt: new Date() })
    .where(eq(orderItems.id, orderItemId));
  if (marked) {
    await db.insert(marks).values({
      orderItemId,
      status: 'submitted',
      total: 80,
      submittedAt: new Date(),
      publishedAt: new Date(),
    });
  }
}
