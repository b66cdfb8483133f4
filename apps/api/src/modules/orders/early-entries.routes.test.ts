import { CART_TEXT, FamilyDetailsSchema, type Item } from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordsOf } from '../../lib/messages.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// Decision 041: the demo event's registration opens on 24 March 2025 (Johannesburg, UTC+2).
const BEFORE = '2025-03-01T10:00:00.000Z';
const LAST_MINUTE_BEFORE = '2025-03-23T21:59:59.000Z';
const OPENING = '2025-03-23T22:00:00.000Z';
let t: TestApp;
let item: Item;
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ now: BEFORE });
  item = (await catalogueItems(t)).find((i) => !i.isGroupItem && !i.requiresAnInstrument)!;
  organiser = await createStaff(t, 'organiser');
});
afterAll(() => t.close());
beforeEach(() => t.setNow(BEFORE));

async function tryToEnter(f: Awaited<ReturnType<typeof createFamily>>) {
  return f.call('POST', `/api/Orders/${await f.openCart()}/OrderItems`, {
    itemId: item.id,
    participantProfileId: await f.addContestant(),
  });
}

describe('entries before the event’s registration opens', () => {
  it('are refused with the opening date, to the last second before it', async () => {
    for (const now of [BEFORE, LAST_MINUTE_BEFORE]) {
      t.setNow(now);
      const res = await tryToEnter(await createFamily(t));
      expect(res.statusCode, now).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ENTRIES_NOT_OPEN',
        message: wordsOf(CART_TEXT.say('notOpenYet', { opens: '24 March 2025' })),
      });
    }
    t.setNow(OPENING);
    expect((await tryToEnter(await createFamily(t))).statusCode).toBe(201);
  });

  it('are taken from a family an organiser let in at the family desk, audited, and only from it', async () => {
    const early = await createFamily(t);
    const other = await createFamily(t);
    const before = FamilyDetailsSchema.parse(
      (await organiser.call('GET', `/api/Staff/Families/${early.id}`)).json(),
    );
    expect(before.entryWindow).toEqual({ opensOn: '2025-03-24', open: false, letInEarly: null });

    const letIn = await organiser.call('POST', `/api/Staff/Families/${early.id}/EarlyEntry`);
    expect(letIn.statusCode, letIn.body).toBe(200);
    const after = FamilyDetailsSchema.parse(letIn.json()).entryWindow;
    expect(after?.letInEarly?.by).toMatch(/^Olwethu Staff/);
    // Again: nothing changes, no second audit entry.
    expect(
      (await organiser.call('POST', `/api/Staff/Families/${early.id}/EarlyEntry`)).statusCode,
    ).toBe(200);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'family_desk.let_in_early'),
          eq(auditLog.entityId, String(early.id)),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorCustomerId).toBe(organiser.id);

    expect((await tryToEnter(early)).statusCode).toBe(201);
    expect((await tryToEnter(other)).json()).toMatchObject({ code: 'ENTRIES_NOT_OPEN' });
  });

  it('are not paid for either, when a cart holds them already', async () => {
    // Filled on the opening day; the clock put back stands for a cart filled before this check
    // (or on an instance of the previous release during an upgrade).
    t.setNow(OPENING);
    const f = await createFamily(t);
    expect((await tryToEnter(f)).statusCode).toBe(201);
    t.setNow(BEFORE);
    const email = (await f.call('GET', `/api/Customers/${f.id}`)).json<{ email: string }>().email;
    const link = await f.call('GET', `/api/Orders/${await f.openCart()}/PaymentLink/${email}`);
    expect(link.statusCode, link.body).toBe(400);
    expect(link.json()).toMatchObject({ code: 'ENTRIES_NOT_OPEN' });
  });

  it('need no letting in once open, and the desk says so', async () => {
    t.setNow(OPENING);
    const f = await createFamily(t);
    const signedInNow = await createStaff(t, 'organiser');
    const res = await signedInNow.call('POST', `/api/Staff/Families/${f.id}/EarlyEntry`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ENTRIES_OPEN' });
  });

  it('cannot be opened early by a family for itself', async () => {
    const f = await createFamily(t);
    const res = await f.call('POST', `/api/Staff/Families/${f.id}/EarlyEntry`);
    expect(res.statusCode).toBe(404); // a staff call answers 404 to anyone else
    expect((await tryToEnter(f)).statusCode).toBe(400);
  });
});
