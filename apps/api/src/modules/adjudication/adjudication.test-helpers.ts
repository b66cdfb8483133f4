import type { Item, StaffRole } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { orderItems, orders, orderItemUploads } from '../../db/schema/index.ts';
import type { createFamily } from '../../test/family.ts';
import { groupMember } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import { accountsClient } from '../accounts/accounts-test-client.ts';
import { addStaffMember } from '../staff-members/staff-accounts.ts';

let n = 0;
export type Family = Awaited<ReturnType<typeof createFamily>>;

/** A signed-in member of staff, calling the API with their session. */
export async function createStaff(t: TestApp, role: StaffRole) {
  n++;
  const email = `${role}${n}.${process.pid}.${Date.now()}@example.org`;
  const { customerId } = await addStaffMember(t.database.db, {
    email,
    role,
    firstName: role === 'organiser' ? 'Olwethu' : 'Adele',
    surname: `Staff${n}`,
  });
  const c = accountsClient(t.app, `198.19.${Math.floor(n / 250)}.${n % 250}`);
  const { token } = await c.logIn(email);
  const auth = { authorization: `Bearer ${token}` };
  return {
    id: customerId,
    email,
    token,
    auth,
    async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
      return t.app.inject({
        method,
        url,
        headers: auth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
  };
}

/**
 * A paid, finalised entry of `item` for a new contestant of `family`, with a main file whose
 * stored name carries the contestant's name (as the uploads API makes them). The uploads API
 * is built beside this module, so the finalising is written to the database directly.
 */
export async function finalisedEntry(
  t: TestApp,
  family: Family,
  item: Item,
  contestant: { firstName?: string; surname?: string; school?: string } = {},
  options: { members?: number; finalise?: boolean } = {},
) {
  const cart = await family.openCart();
  const profileId = await family.addContestant({
    firstName: contestant.firstName ?? 'Ayanda',
    surname: contestant.surname ?? 'Dlamini',
    school: contestant.school ?? 'Other School',
  });
  const added = await family.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: profileId,
    ...(item.isGroupItem ? { groupName: 'The Khumalo Singers' } : {}),
  });
  if (added.statusCode !== 201) throw new Error(`entry not added: ${added.body}`);
  const orderItemId = added.json<{ id: number }>().id;
  if (item.isGroupItem) {
    const members = options.members ?? item.minimumParticipants;
    const res = await family.call(
      'POST',
      `/api/OrderItems/${orderItemId}/UpdateGroupParticipants`,
      Array.from({ length: members }, (_, k) => groupMember(k + 1)),
    );
    if (res.statusCode !== 200) throw new Error(`members not saved: ${res.body}`);
  }
  const db = t.database.db;
  await db
    .update(orders)
    .set({ status: 'paid', completedAt: new Date() })
    .where(eq(orders.id, cart));
  await db
    .update(orderItems)
    .set({ isSubmittedForMarking: options.finalise ?? true, submittedForMarkingAt: new Date() })
    .where(eq(orderItems.id, orderItemId));
  const name = `${contestant.firstName ?? 'Ayanda'}_${contestant.surname ?? 'Dlamini'}`;
  const [upload] = await db
    .insert(orderItemUploads)
    .values({
      orderItemId,
      fileName: `${orderItemId}_${name}_performance.mp4`,
      originalFileName: `${name} performance.mp4`,
      storageKey: `entries/${orderItemId}/performance.mp4`,
      uploadType: 2,
      sizeInBytes: 1000,
      isPrimaryFile: true,
      isVideo: true,
      // Finalised, so processed (decision 025): found nothing to change, served as it is.
      processingState: 'ready',
    })
    .returning({ id: orderItemUploads.id });
  return { orderId: cart, orderItemId, profileId, uploadId: upload!.id };
}
