import type { Item, SchoolChild, SchoolClass, ClassParents } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, participantProfiles } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { markedEntries } from '../results-day/results-day.test-helpers.ts';
import { createSchool, createTeacher } from '../school-classes/school-classes.test-helpers.ts';
import { consents, learnerWithParent, tokenSentTo } from './parent-invitations.test-helpers.ts';

let t: TestApp;
let catalogue: Item[];
beforeAll(async () => {
  t = await createTestApp();
  catalogue = await catalogueItems(t);
});
afterAll(() => t.close());

/** A teacher's learner with a finalised paid entry, a paid entry not finalised and one in the cart, linked to a parent. */
async function linkedLearner() {
  const school = await createSchool(t);
  const teacher = await createTeacher(t, school.id);
  const parent = await createFamily(t);
  const learner = await learnerWithParent(teacher, 'Naledi', parent.email);
  const other = await learnerWithParent(teacher, 'Classmate', null);
  const [finalised] = await markedEntries(t, catalogue, teacher, learner, 'Dance', [80]);
  const db = t.database.db;
  const dance = catalogue.filter((i) => i.category.section === 'Music' && !i.isGroupItem);
  const [paidOrder] = await db
    .insert(orders)
    .values({ customerId: teacher.id, eventId: t.eventId, status: 'paid', completedAt: new Date() })
    .returning({ id: orders.id });
  const [open] = await db
    .insert(orderItems)
    .values({ orderId: paidOrder!.id, itemId: dance[0]!.id, participantProfileId: learner })
    .returning({ id: orderItems.id });
  const [cart] = await db
    .insert(orders)
    .values({ customerId: teacher.id, eventId: t.eventId, status: 'cart' })
    .returning({ id: orders.id });
  await db.insert(orderItems).values([
    { orderId: cart!.id, itemId: dance[1]!.id, participantProfileId: learner },
    { orderId: cart!.id, itemId: dance[1]!.id, participantProfileId: other },
  ]);
  await teacher.call('POST', `${teacher.base}/Learners/${learner}/Invitation`);
  const token = await tokenSentTo(t, parent.email);
  const ok = await parent.call(
    'POST',
    `/api/Customers/${parent.id}/ParentInvitations/${token}/Accept`,
    consents,
  );
  expect(ok.statusCode, ok.body).toBe(200);
  return { teacher, parent, learner, other, finalised: finalised!, open: open!.id };
}

const parentState = async (teacher: Awaited<ReturnType<typeof createTeacher>>, learner: number) =>
  (await teacher.call('GET', `${teacher.base}/Parents`))
    .json<ClassParents>()
    .find((p) => p.learnerId === learner)?.state;

describe('a linked parent', () => {
  it("sees the child's entries: in the cart, paid, finalised", async () => {
    const { parent, finalised, open } = await linkedLearner();
    const [child] = (await parent.call('GET', `/api/Customers/${parent.id}/SchoolChildren`)).json<
      SchoolChild[]
    >();
    expect(child!.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderItemId: finalised,
          status: 'paid',
          finalised: true,
          files: 1,
        }),
        expect.objectContaining({ orderItemId: open, status: 'paid', finalised: false }),
        expect.objectContaining({ status: 'cart' }),
      ]),
    );
    expect(child!.entries).toHaveLength(3);
  });

  it('takes the child over: the child and paid entries move, the teacher sees "taken over" and loses them', async () => {
    const { teacher, parent, learner, other, open } = await linkedLearner();
    const res = await parent.call(
      'POST',
      `/api/Customers/${parent.id}/SchoolChildren/${learner}/TakeOver`,
    );
    expect(res.statusCode, res.body).toBe(204);

    const [profile] = await t.database.db
      .select()
      .from(participantProfiles)
      .where(eq(participantProfiles.id, learner));
    expect(profile).toMatchObject({ customerId: parent.id, schoolMembershipId: null });
    const [moved] = await t.database.db
      .select({ customerId: orders.customerId, status: orders.status, total: orders.totalCents })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.id, open));
    expect(moved).toEqual({ customerId: parent.id, status: 'paid', total: 0 });
    // The parent's own contestants now include the child; the teacher's class does not.
    const own = await parent.call('GET', `/api/Customers/${parent.id}/participant-profiles`);
    expect(own.json<{ id: number }[]>().map((p) => p.id)).toContain(learner);
    const cls = (await teacher.call('GET', teacher.base)).json<SchoolClass>();
    expect(cls.learners.map((l) => l.id)).toEqual([other]);
    expect(await parentState(teacher, learner)).toBe('taken-over');
    // The teacher's uploads portal no longer reaches the entry.
    expect((await teacher.call('POST', `/api/OrderItems/${open}/Withdraw`)).statusCode).toBe(404);
    // The class's other learner stays in the teacher's cart.
    const carts = await t.database.db
      .select({ profile: orderItems.participantProfileId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.customerId, teacher.id));
    expect(carts.map((c) => c.profile)).not.toContain(learner);
    expect(carts.map((c) => c.profile)).toContain(other);
  });

  it("leaves the school's entries: withdrawn as a family withdraws, finalised ones stay", async () => {
    const { teacher, parent, learner, finalised, open } = await linkedLearner();
    const res = await parent.call(
      'POST',
      `/api/Customers/${parent.id}/SchoolChildren/${learner}/Leave`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json<SchoolChild>();
    expect(child.state).toBe('left');
    expect(child.entries.find((e) => e.orderItemId === open)?.status).toBe('withdrawn');
    expect(child.entries.find((e) => e.orderItemId === finalised)?.status).toBe('paid');
    expect(child.entries.some((e) => e.status === 'cart')).toBe(false);
    expect(await parentState(teacher, learner)).toBe('left');
    // The link has ended: the parent no longer reads the child through it.
    expect((await parent.call('GET', `/api/Customers/${parent.id}/SchoolChildren`)).json()).toEqual(
      [],
    );
    const again = await teacher.call('POST', `${teacher.base}/Learners/${learner}/Invitation`);
    expect(again.json()).toMatchObject({ code: 'PARENT_LEFT' });
  });

  it('moves and withdraws no group entry: a child who leads one is refused (409 LEADS_GROUP), the group untouched', async () => {
    const { teacher, parent, learner } = await linkedLearner();
    const group = catalogue.find((i) => i.isGroupItem && !i.requiresAnInstrument)!;
    const [paid] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, teacher.id));
    const [entry] = await t.database.db
      .insert(orderItems)
      .values({ orderId: paid!.id, itemId: group.id, participantProfileId: learner })
      .returning({ id: orderItems.id });
    for (const action of ['TakeOver', 'Leave']) {
      const res = await parent.call(
        'POST',
        `/api/Customers/${parent.id}/SchoolChildren/${learner}/${action}`,
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LEADS_GROUP' });
    }
    const [row] = await t.database.db
      .select({ orderId: orderItems.orderId, isCancelled: orderItems.isCancelled })
      .from(orderItems)
      .where(eq(orderItems.id, entry!.id));
    expect(row).toEqual({ orderId: paid!.id, isCancelled: false });
  });
});
