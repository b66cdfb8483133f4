import type { AuditPage, Item, ReminderCampaign, ReminderPreview } from '@eisteddfod/shared';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  outboxMessages,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import type { WhatsAppTransport } from '../../providers/whatsapp/whatsapp-transport.ts';
import { findAudience } from './reminders.repository.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let performance: Item[];
let visualArts: Item;
const templates: { to: string; template: string; parameters: string[] }[] = [];
const whatsapp: WhatsAppTransport = {
  sendText: async () => {},
  sendAuthenticationCode: async () => {},
  sendTemplate: async (to, template, parameters) => {
    templates.push({ to, template, parameters });
  },
};

const START = '2025-04-01T10:00:00Z';

beforeAll(async () => {
  // Email stays in the outbox ('held', read at /api/dev/outbox); WhatsApp goes to a fake.
  t = await createTestApp({ now: START, transports: { whatsapp } });
  organiser = await createStaff(t, 'organiser');
  const items = await catalogueItems(t);
  const individual = items.filter((i) => !i.isGroupItem && !i.requiresAnInstrument);
  performance = individual.filter((i) => i.category.section !== 'Visual Arts & Design');
  visualArts = individual.find((i) => i.category.section === 'Visual Arts & Design')!;
});
afterAll(async () => {
  await t.close();
});

type Family = Awaited<ReturnType<typeof createFamily>> & { email: string };

interface EntryState {
  item?: Item;
  mainFile?: boolean;
  finalised?: boolean;
  withdrawn?: boolean;
  published?: boolean;
}

/**
 * A family with one order of `entries` (each a new contestant), in `status`: an open cart, an
 * order awaiting payment, or paid. Each entry's state is written as the uploads and results
 * modules leave it.
 */
async function familyWith(
  entries: EntryState[],
  status: 'cart' | 'awaiting_payment' | 'paid' = 'paid',
  names: { first?: string } = {},
) {
  const f = await createFamily(t);
  const db = t.database.db;
  if (names.first)
    await db.update(customers).set({ firstName: names.first }).where(eq(customers.id, f.id));
  const email = (await f.call('GET', `/api/Customers/${f.id}`)).json<{ email: string }>().email;
  const family: Family = Object.assign(f, { email });
  const cart = await f.openCart();
  const ids: number[] = [];
  for (const [k, e] of entries.entries()) {
    const profileId = await f.addContestant({ firstName: `Child${k}`, surname: 'Mokoena' });
    const item = e.item ?? performance[k]!;
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profileId,
    });
    expect(added.statusCode, added.body).toBe(201);
    ids.push(added.json<{ id: number }>().id);
  }
  await db.update(orders).set({ status }).where(eq(orders.id, cart));
  for (const [k, e] of entries.entries()) {
    const id = ids[k]!;
    if (e.mainFile || e.finalised || e.published)
      await db.insert(orderItemUploads).values({
        orderItemId: id,
        fileName: `${id}_performance.mp4`,
        originalFileName: 'performance.mp4',
        storageKey: `entries/${id}/performance.mp4`,
        uploadType: 2,
        sizeInBytes: 1000,
        isPrimaryFile: true,
        isVideo: true,
      });
    if (e.finalised || e.published)
      await db
        .update(orderItems)
        .set({ isSubmittedForMarking: true, submittedForMarkingAt: new Date() })
        .where(eq(orderItems.id, id));
    if (e.withdrawn)
      await db
        .update(orderItems)
        .set({ isCancelled: true, withdrawnAt: new Date() })
        .where(eq(orderItems.id, id));
    if (e.published)
      await db.insert(marks).values({
        orderItemId: id,
        status: 'submitted',
        total: 80,
        submittedAt: new Date(),
        publishedAt: new Date(),
      });
  }
  return { family, orderId: cart, orderItemIds: ids };
}

const audienceIds = async (kind: Parameters<typeof findAudience>[2], at = START) =>
  (await findAudience(t.database.db, t.eventId, kind, new Date(at))).map((f) => f.customerId);

const inbox = async (to: string) =>
  (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json<
    { channel: string; subject: string; body: string; status: string }[]
  >();
const reminders = async (to: string) =>
  (await inbox(to)).filter((m) => m.body.includes('To stop reminders'));

const create = async (body: Record<string, unknown>) => {
  const res = await organiser.call('POST', '/api/Staff/Reminders', {
    eventId: t.eventId,
    channels: ['email'],
    sendAt: null,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReminderCampaign>();
};
const campaign = async (id: number) =>
  (await organiser.call('GET', '/api/Staff/Reminders'))
    .json<ReminderCampaign[]>()
    .find((c) => c.id === id)!;
/** Moves the clock on; sessions are short-lived, so the organiser signs in again. */
const moveTo = async (iso: string) => {
  t.setNow(iso);
  organiser = await createStaff(t, 'organiser');
};
const settle = async () => {
  await t.app.jobs.settled('reminders.send');
  await t.app.jobs.settled('reminders.sweep');
};

describe('reminders', () => {
  it('finds exactly the families each reminder is for, one row per family', async () => {
    // The first test on a fresh database: these are all the families there are.
    const cart = await familyWith([{}], 'cart');
    const awaiting = await familyWith([{}], 'awaiting_payment');
    await familyWith([], 'cart');
    const threeWithoutFiles = await familyWith([{}, {}, {}]);
    const complete = await familyWith([{ mainFile: true }]);
    await familyWith([{ finalised: true }]);
    const published = await familyWith([{ published: true }]);
    await familyWith([{ withdrawn: true }]);
    const visual = await familyWith([{ item: visualArts }]);
    const optedOut = await familyWith([{}, { mainFile: true }, { published: true }]);
    const off = await optedOut.family.call(
      'PUT',
      `/api/Customers/${optedOut.family.id}/ReminderSettings`,
      { sendReminders: false },
    );
    expect(off.json()).toEqual({ sendReminders: false });

    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(sorted(await audienceIds('unpaid_cart'))).toEqual(
      sorted([cart.family.id, awaiting.family.id]),
    );
    expect(sorted(await audienceIds('no_main_file'))).toEqual(
      sorted([threeWithoutFiles.family.id, visual.family.id]),
    );
    expect(await audienceIds('not_finalised')).toEqual([complete.family.id]);
    expect(await audienceIds('results_published')).toEqual([published.family.id]);

    const [three] = (
      await findAudience(t.database.db, t.eventId, 'no_main_file', new Date(START))
    ).filter((f) => f.customerId === threeWithoutFiles.family.id);
    expect(three?.entries.map((e) => e.orderItemId)).toEqual(threeWithoutFiles.orderItemIds);

    // After registration closes (end of 20 April) no cart reminder; after the visual arts
    // upload deadline (end of 22 April) only the performance entries still need files.
    expect(await audienceIds('unpaid_cart', '2025-04-20T21:59:00Z')).toHaveLength(2);
    expect(await audienceIds('unpaid_cart', '2025-04-20T22:00:00Z')).toEqual([]);
    expect(await audienceIds('no_main_file', '2025-04-23T10:00:00Z')).toEqual([
      threeWithoutFiles.family.id,
    ]);
    expect(await audienceIds('no_main_file', '2025-04-25T22:00:00Z')).toEqual([]);

    // The preview counts them and shows one real family's message, naming only its entries.
    const preview = (
      await organiser.call(
        'GET',
        `/api/Staff/Reminders/Preview?eventId=${t.eventId}&kind=no_main_file&channels=email`,
      )
    ).json<ReminderPreview>();
    expect(preview.audience).toBe(2);
    expect(preview.whatsapp).toBeNull();
    expect(preview.email?.to).toBe(threeWithoutFiles.family.email);
    expect(preview.email?.subject).toBe('Your entries have no main file yet');
    for (const k of [0, 1, 2]) expect(preview.email?.body).toContain(`Child${k} Mokoena`);
    expect(preview.email?.body).toContain('turn off "Send me reminders" on My Profile');
    expect(preview.email?.body).not.toContain(visualArts.code);
  });

  it('schedules "no main file yet" and reaches exactly the families that need it, once each', async () => {
    const needs = await familyWith([{}, {}, {}], 'paid', { first: 'Lindiwe' });
    const complete = await familyWith([{ mainFile: true }]);
    const optedOut = await familyWith([{}]);
    await optedOut.family.call('PUT', `/api/Customers/${optedOut.family.id}/ReminderSettings`, {
      sendReminders: false,
    });

    const scheduled = await create({ kind: 'no_main_file', sendAt: '2025-04-02T08:00:00Z' });
    expect(scheduled).toMatchObject({ status: 'scheduled', families: 0, kind: 'no_main_file' });
    await t.app.reminders.sendDue(); // Not due yet.
    expect((await campaign(scheduled.id)).status).toBe('scheduled');
    expect(await reminders(needs.family.email)).toEqual([]);

    await moveTo('2025-04-02T08:00:30Z');
    await t.app.jobs.send('reminders.sweep', {});
    await settle();
    const mail = await reminders(needs.family.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your entries have no main file yet');
    expect(mail[0]!.body).toMatch(/^Dear Lindiwe,/);
    for (const k of [0, 1, 2]) expect(mail[0]!.body).toContain(`Child${k} Mokoena`);
    expect(await reminders(complete.family.email)).toEqual([]);
    expect(await reminders(optedOut.family.email)).toEqual([]);

    const sent = await campaign(scheduled.id);
    expect(sent.status).toBe('sent');
    // The families of the first test, the three-entry one here: not the opted-out one.
    expect(sent.families).toBe(3);
    expect(sent.delivery.email).toEqual({ queued: 3, sent: 0, failed: 0 });

    // Delivery figures follow the outbox.
    await t.database.db
      .update(outboxMessages)
      .set({ status: 'sent' })
      .where(eq(outboxMessages.recipient, needs.family.email));
    expect((await campaign(scheduled.id)).delivery.email).toEqual({
      queued: 2,
      sent: 1,
      failed: 0,
    });

    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?search=reminders.created')
    ).json<AuditPage>();
    expect(log.entries[0]).toMatchObject({
      action: 'reminders.created',
      entityId: String(scheduled.id),
      details: { before: null, after: { kind: 'no_main_file', channels: ['email'] } },
    });
  });

  it('never sends the same reminder twice: the job run again, a second campaign', async () => {
    const f = await familyWith([{}]);
    const first = await create({ kind: 'no_main_file' });
    await settle();
    expect((await campaign(first.id)).status).toBe('sent');
    await t.app.reminders.sendOne(first.id);
    await t.app.reminders.sendDue();
    await t.app.jobs.send('reminders.send', { campaignId: first.id });
    const second = await create({ kind: 'no_main_file' });
    await settle();
    expect(await reminders(f.family.email)).toHaveLength(1);
    expect((await campaign(second.id)).families).toBe(0);

    // A different reminder (another kind) still reaches them.
    await t.database.db.insert(orderItemUploads).values({
      orderItemId: f.orderItemIds[0]!,
      fileName: 'x.mp4',
      originalFileName: 'x.mp4',
      storageKey: 'x',
      uploadType: 2,
      sizeInBytes: 1,
    });
    await create({ kind: 'not_finalised' });
    await settle();
    const mail = await reminders(f.family.email);
    expect(mail.map((m) => m.subject)).toEqual([
      'Your entries are complete but not finalised',
      'Your entries have no main file yet',
    ]);
  });

  it('two instances sweeping at once, and two campaigns at once: one message per family', async () => {
    const other = await t.anotherInstance();
    const families = [];
    for (let k = 0; k < 5; k++) families.push(await familyWith([{}, {}]));
    const a = await create({ kind: 'no_main_file', sendAt: '2025-04-02T09:00:00Z' });
    const b = await create({ kind: 'no_main_file', sendAt: '2025-04-02T09:00:00Z' });
    await moveTo('2025-04-02T09:00:30Z');
    await Promise.all([
      t.app.reminders.sendDue(),
      other.reminders.sendDue(),
      t.app.reminders.sendDue(),
      other.reminders.sendDue(),
    ]);
    for (const f of families) expect(await reminders(f.family.email)).toHaveLength(1);
    const [ca, cb] = [await campaign(a.id), await campaign(b.id)];
    expect([ca.status, cb.status]).toEqual(['sent', 'sent']);
    expect(ca.families + cb.families).toBe(5);

    // Each campaign sent by its own instance at the same moment: the delivery key decides.
    const more = [];
    for (let k = 0; k < 4; k++) more.push(await familyWith([{}]));
    const c = await create({ kind: 'no_main_file', sendAt: '2025-04-02T09:30:00Z' });
    const d = await create({ kind: 'no_main_file', sendAt: '2025-04-02T09:30:00Z' });
    await moveTo('2025-04-02T09:30:30Z');
    await Promise.all([t.app.reminders.sendOne(c.id), other.reminders.sendOne(d.id)]);
    for (const f of more) expect(await reminders(f.family.email)).toHaveLength(1);
    expect((await campaign(c.id)).families + (await campaign(d.id)).families).toBe(4);
    const rows = await t.database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          inArray(
            outboxMessages.recipient,
            [...families, ...more].map((f) => f.family.email),
          ),
          like(outboxMessages.body, '%To stop reminders%'),
        ),
      );
    expect(rows).toHaveLength(9);
  });

  it('cancels a scheduled campaign, which then sends nothing; sends another now', async () => {
    const f = await familyWith([{ published: true }]);
    const later = await create({ kind: 'results_published', sendAt: '2025-05-01T08:00:00Z' });
    const cancelled = await organiser.call('POST', `/api/Staff/Reminders/${later.id}/Cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await moveTo('2025-05-01T09:00:00Z');
    await t.app.reminders.sendDue();
    expect(await reminders(f.family.email)).toEqual([]);
    for (const action of ['Cancel', 'SendNow']) {
      const again = await organiser.call('POST', `/api/Staff/Reminders/${later.id}/${action}`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'REMINDER_NOT_SCHEDULED' });
    }
    const missing = await organiser.call('POST', '/api/Staff/Reminders/999999/Cancel');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'REMINDER_NOT_FOUND' });

    const scheduled = await create({
      kind: 'results_published',
      channels: ['email', 'whatsapp'],
      sendAt: '2025-06-01T08:00:00Z',
    });
    // A number typed and never proved gets nothing (decision 031); once proved, the template.
    await t.database.db
      .update(customers)
      .set({ mobileNumber: '0821234567' })
      .where(eq(customers.id, f.family.id));
    const unproved = await create({
      kind: 'results_published',
      channels: ['whatsapp'],
      sendAt: '2025-06-01T08:00:00Z',
    });
    const unprovedSent = await organiser.call(
      'POST',
      `/api/Staff/Reminders/${unproved.id}/SendNow`,
    );
    expect(unprovedSent.statusCode, unprovedSent.body).toBe(200);
    await settle();
    expect(await t.app.outbox.findByRecipient('+27821234567')).toEqual([]);
    await t.database.db
      .update(customers)
      .set({ mobileVerifiedAt: new Date() })
      .where(eq(customers.id, f.family.id));
    const now = await organiser.call('POST', `/api/Staff/Reminders/${scheduled.id}/SendNow`);
    expect(now.statusCode, now.body).toBe(200);
    await settle();
    const mail = await reminders(f.family.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your Online Eisteddfod results are ready');
    // WhatsApp: only the approved template, with this family's values.
    for (let i = 0; i < 200 && templates.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    await t.app.outbox.settle();
    expect(templates).toEqual([
      {
        to: '+27821234567',
        template: 'eisteddfod_reminder_results',
        parameters: [
          expect.any(String),
          'Online Eisteddfod 2025',
          expect.stringContaining('Child0 Mokoena'),
        ],
      },
    ]);
    const figures = (await campaign(scheduled.id)).delivery;
    expect(figures.whatsapp).toEqual({ queued: 0, sent: 1, failed: 0 });
    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?search=reminders.cancelled')
    ).json<AuditPage>();
    expect(log.entries[0]).toMatchObject({ entityId: String(later.id) });
  });

  it('refuses what is not a campaign, and an unknown event', async () => {
    const bad = [
      { kind: 'birthday' },
      { kind: 'no_main_file', channels: [] },
      { kind: 'no_main_file', channels: ['email', 'email'] },
      { kind: 'no_main_file', channels: ['sms'] },
      { kind: 'no_main_file', sendAt: 'tomorrow' },
    ];
    for (const body of bad) {
      const res = await organiser.call('POST', '/api/Staff/Reminders', {
        eventId: t.eventId,
        channels: ['email'],
        sendAt: null,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const noEvent = await organiser.call('POST', '/api/Staff/Reminders', {
      eventId: 999999,
      kind: 'no_main_file',
      channels: ['email'],
      sendAt: null,
    });
    expect(noEvent.statusCode).toBe(404);
    const badPreview = await organiser.call(
      'GET',
      `/api/Staff/Reminders/Preview?eventId=${t.eventId}&kind=no_main_file&channels=`,
    );
    expect(badPreview.statusCode).toBe(400);
  });

  it('is organisers only; a family reads and sets only its own reminder setting', async () => {
    const family = await createFamily(t);
    const other = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/Staff/Reminders'],
      ['GET', `/api/Staff/Reminders/Preview?eventId=${t.eventId}&kind=unpaid_cart&channels=email`],
      [
        'POST',
        '/api/Staff/Reminders',
        { eventId: t.eventId, kind: 'unpaid_cart', channels: ['email'], sendAt: null },
      ],
      ['POST', '/api/Staff/Reminders/1/SendNow'],
      ['POST', '/api/Staff/Reminders/1/Cancel'],
    ];
    for (const [method, url, body] of calls) {
      expect((await family.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const own = `/api/Customers/${family.id}/ReminderSettings`;
    expect((await family.call('GET', own)).json()).toEqual({ sendReminders: true });
    expect((await family.call('PUT', own, { sendReminders: false })).statusCode).toBe(200);
    expect((await family.call('GET', own)).json()).toEqual({ sendReminders: false });
    expect((await family.call('PUT', own, { sendReminders: 'no' })).statusCode).toBe(400);
    const theirs = `/api/Customers/${other.id}/ReminderSettings`;
    expect((await family.call('GET', theirs)).statusCode).toBe(404);
    expect((await family.call('PUT', theirs, { sendReminders: false })).statusCode).toBe(404);
    expect((await other.call('GET', theirs)).json()).toEqual({ sendReminders: true });
  });
});
