import {
  GRADE_TEXT,
  gradeRangeMessage,
  isGradeInRange,
  mayEnterGrade,
  type GradeRange,
  type Item,
} from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items as itemsTable, orders } from '../../db/schema/index.ts';
import { wordsOf } from '../../lib/messages.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems, groupMember } from '../../test/fixtures.ts';
import { notifyPayment } from '../../test/payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 32, decision 042: an item's grades are data, and the server refuses an entry outside
// them wherever one is made. The test families' contestants are Grade 5 (family.ts).
let t: TestApp;

// The grade problems by their ids and values (decision 057), as the web says them.
const notForGrade = (firstName: string, grade: string, range: GradeRange | null) =>
  GRADE_TEXT.say('notForGrade', { firstName, grade, ...gradeRangeMessage(range).values });
const memberNotForGrade = (name: string, grade: string, range: GradeRange | null) =>
  GRADE_TEXT.say('memberNotForGrade', { name, grade, ...gradeRangeMessage(range).values });
let all: Item[];
const rToThree = (i: Item) => i.grades?.lowest === 'R' && i.grades.highest === '3';
const solo = (i: Item) => !i.isGroupItem && !i.requiresAnInstrument;
let tooYoung: Item;
let forGradeFive: Item;

beforeAll(async () => {
  t = await createTestApp();
  all = await catalogueItems(t, true);
  tooYoung = all.find((i) => solo(i) && rToThree(i) && i.category.section === 'Dramatic Arts')!;
  forGradeFive = all.find(
    (i) =>
      solo(i) &&
      i.category.id === tooYoung.category.id &&
      isGradeInRange('5', i.grades) &&
      i.grades !== null,
  )!;
});
afterAll(() => t.close());

async function familyWithCart() {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const contestant = await f.addContestant({ firstName: 'Thandi' });
  const add = (itemId: number) =>
    f.call('POST', `/api/Orders/${cart}/OrderItems`, { itemId, participantProfileId: contestant });
  return { f, cart, contestant, add };
}

/** Thandi moves up to Grade 12, as her family would correct her profile. */
function moveToGradeTwelve(f: Awaited<ReturnType<typeof createFamily>>, contestant: number) {
  return f.call('PUT', `/api/Customers/${f.id}/participant-profile`, {
    id: contestant,
    firstName: 'Thandi',
    surname: 'Dlamini',
    school: 'Other School',
    grade: '12',
    gender: 'female',
    acceptedTermsAndConditions: true,
    acceptedHonourPledge: true,
  });
}

describe('grade ranges (decision 042)', () => {
  it('come from the demo catalogue, and the lists give a grade only what it may enter', async () => {
    // Every demo item states its grades: they are data now, not only words in the description.
    expect(all.filter((i) => i.grades === null)).toEqual([]);
    expect(tooYoung.shortDescription).toContain('R–3');
    const res = await t.app.inject({
      url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?take=300&grade=5&search=poetry`,
    });
    const forFive = res.json<{ items: Item[]; total: number }>();
    expect(forFive.total).toBeGreaterThan(0);
    expect(forFive.items.every((i) => mayEnterGrade(i, '5'))).toBe(true);
    const everyGrade = await t.app.inject({
      url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?take=300&search=poetry`,
    });
    expect(everyGrade.json<{ total: number }>().total).toBeGreaterThan(forFive.total);
    const wrong = await t.app.inject({ url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?grade=13` });
    expect(wrong.statusCode).toBe(400);
  });

  it('refuse adding an item for other grades, naming the child and the grades', async () => {
    const { add } = await familyWithCart();
    const refused = await add(tooYoung.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'WRONG_GRADE',
      message: wordsOf(notForGrade('Thandi', '5', tooYoung.grades)),
      messageId: 'grades.notForGrade',
      values: notForGrade('Thandi', '5', tooYoung.grades).values,
    });
    expect(refused.json<{ message: string }>().message).toBe(
      "Thandi is in Grade 5; this item is for Grades R–3. Please choose an item for Thandi's grade.",
    );
    expect((await add(forGradeFive.id)).statusCode).toBe(201);
  });

  it('let any grade in where the organiser allows other grades for the item', async () => {
    const allowOthers = async (otherGradesAllowed: boolean) => {
      await t.database.db
        .update(itemsTable)
        .set({ otherGradesAllowed })
        .where(eq(itemsTable.id, tooYoung.id));
      t.app.catalogue.invalidate(t.eventId);
    };
    await allowOthers(true);
    try {
      const { add } = await familyWithCart();
      expect((await add(tooYoung.id)).statusCode).toBe(201);
    } finally {
      await allowOthers(false);
    }
  });

  it('refuse changing an entry to an item for other grades', async () => {
    const { f, add } = await familyWithCart();
    const entry = (await add(forGradeFive.id)).json<{ id: number }>().id;
    const res = await f.call('PUT', `/api/OrderItems/${entry}`, { itemId: tooYoung.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_GRADE' });
  });

  it('refuse a group member outside the grades, by name', async () => {
    const group = all.find(
      (i) =>
        i.isGroupItem &&
        !i.requiresAnInstrument &&
        isGradeInRange('5', i.grades) &&
        !isGradeInRange('9', i.grades) &&
        i.minimumParticipants <= 3,
    )!;
    const { f, add } = await familyWithCart();
    const added = await add(group.id);
    expect(added.statusCode).toBe(201);
    const entry = added.json<{ id: number }>().id;
    const members = (grade9: boolean) =>
      Array.from({ length: Math.max(group.minimumParticipants, 2) }, (_, k) =>
        k === 1 && grade9 ? { ...groupMember(k), grade: '9' } : { ...groupMember(k), grade: '5' },
      );
    const refused = await f.call(
      'POST',
      `/api/OrderItems/${entry}/UpdateGroupParticipants`,
      members(true),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'WRONG_GRADE',
      message: wordsOf(memberNotForGrade('Member1 Khumalo', '9', group.grades)),
      messageId: 'grades.memberNotForGrade',
    });
    const saved = await f.call(
      'POST',
      `/api/OrderItems/${entry}/UpdateGroupParticipants`,
      members(false),
    );
    expect(saved.statusCode).toBe(200);
  });

  it('hold the pay page and the payment of an order checked out with an entry out of its grades', async () => {
    // Checked out on a release without the check (a rolling upgrade), or the child's grade
    // changed between checkout and payment: the security review of decision 042.
    const { f, cart, contestant, add } = await familyWithCart();
    expect((await add(forGradeFive.id)).statusCode).toBe(201);
    const res = await f.call(
      'GET',
      `/api/Orders/${cart}/PaymentLink/${encodeURIComponent(f.email)}?sendWhatsAppConfirmation=false`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<{ link: string }>().link;
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    const moved = await moveToGradeTwelve(f, contestant);
    expect(moved.statusCode).toBe(200);

    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Please go back to your cart');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(await notifyPayment(t, cart, row!.totalCents!)).toEqual({
      status: 'awaiting_payment',
      outcome: 'checkout_expired',
    });
    const told = await t.app.outbox.findByRecipient(f.email);
    const held = told.find((m) => m.subject.startsWith('We received your payment for order'));
    expect(held?.body).toContain(wordsOf(notForGrade('Thandi', '12', forGradeFive.grades)));
    expect(held?.body).toContain('Your entries are not confirmed yet.');
  });

  it('stop checkout when the child’s grade changed after the entry was added', async () => {
    const { f, cart, contestant, add } = await familyWithCart();
    expect((await add(forGradeFive.id)).statusCode).toBe(201);
    const moved = await moveToGradeTwelve(f, contestant);
    expect(moved.statusCode).toBe(200);
    const order = await f.call('GET', `/api/Orders/${cart}`);
    const problem = notForGrade('Thandi', '12', forGradeFive.grades);
    expect(order.json()).toMatchObject({ orderItems: [{ gradeProblem: problem }] });
    const link = await f.call(
      'GET',
      `/api/Orders/${cart}/PaymentLink/${encodeURIComponent(f.email)}?sendWhatsAppConfirmation=false`,
    );
    expect(link.statusCode).toBe(400);
    expect(link.json()).toMatchObject({
      code: 'CHECKOUT_CHECK',
      message: wordsOf(problem),
      messageId: problem.id,
      values: problem.values,
    });
  });
});
