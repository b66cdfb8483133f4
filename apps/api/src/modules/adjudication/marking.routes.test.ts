import {
  MarkingEntrySchema,
  MarkingListSchema,
  StaffMeSchema,
  type Item,
  type MarkingEntry,
} from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, finalisedEntry } from './adjudication.test-helpers.ts';
import { bootstrapOrganiser } from '../staff-members/staff-accounts.ts';

let t: TestApp;
let catalogue: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
});
afterAll(() => t.close());

const find = (test: (i: Item) => boolean) => {
  const item = catalogue.find(test);
  if (!item) throw new Error('no such item in the demo catalogue');
  return item;
};
const danceSolo = () =>
  find((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');
const dramaSolo = () =>
  find((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dramatic Arts');

/** Every staff endpoint, with a body where it takes one. */
const STAFF_CALLS: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
  ['GET', '/api/Staff/Me'],
  ['GET', '/api/Staff/Marking'],
  ['GET', '/api/Staff/Marking/1'],
  ['PUT', '/api/Staff/Marking/1', { scores: [], comment: '' }],
  ['GET', '/api/Staff/BucketLink?orderItemId=1&uploadId=1'],
  ['GET', '/api/Staff/Conflicts'],
  ['POST', '/api/Staff/Conflicts', { kind: 'school', name: 'Other School' }],
  ['GET', '/api/Staff/Adjudicators'],
  ['POST', '/api/Staff/Adjudicators', { firstName: 'A', surname: 'B', email: 'a@example.org' }],
  ['POST', '/api/Staff/Adjudicators/1/Assignments', { section: 'Dance' }],
  ['DELETE', '/api/Staff/Adjudicators/1/Assignments/1'],
  ['GET', '/api/Staff/Results'],
  ['POST', '/api/Staff/Results/Publish', {}],
  ['POST', '/api/Staff/Marks/1/Reopen'],
  ['POST', '/api/Staff/OrderItems/1/Certificates'],
  ['GET', '/api/Staff/Overview'],
  ['GET', '/api/Staff/Export/Entries.csv'],
];

describe('staff access', () => {
  it('hides every staff endpoint from a family (404) and asks anyone else to log in (401)', async () => {
    const family = await createFamily(t);
    for (const [method, url, body] of STAFF_CALLS) {
      const res = await family.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Staff');
      const anonymous = await t.app.inject({
        method,
        url,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
    }
  });

  it('answers 403 to staff of the other role, in both directions', async () => {
    const organiser = await createStaff(t, 'organiser');
    const adjudicator = await createStaff(t, 'adjudicator');
    expect((await organiser.call('GET', '/api/Staff/Marking')).statusCode).toBe(403);
    expect((await adjudicator.call('GET', '/api/Staff/Adjudicators')).statusCode).toBe(403);
    expect((await adjudicator.call('POST', '/api/Staff/Results/Publish', {})).statusCode).toBe(403);
    expect((await adjudicator.call('GET', '/api/Staff/Export/Entries.csv')).statusCode).toBe(403);
  });

  it('reads the role from the database, not from the token', async () => {
    const adjudicator = await createStaff(t, 'adjudicator');
    expect(decodeJwt(adjudicator.token).role).toBe('adjudicator');
    const me = StaffMeSchema.parse((await adjudicator.call('GET', '/api/Staff/Me')).json());
    expect(me).toMatchObject({ customerId: adjudicator.id, role: 'adjudicator' });
    // Demoted while signed in: the same token no longer opens staff routes.
    const { customers } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(customers)
      .set({ role: 'customer' })
      .where(eq(customers.id, adjudicator.id));
    expect((await adjudicator.call('GET', '/api/Staff/Marking')).statusCode).toBe(404);
  });

  it('makes the bootstrap organiser once, who then invites and assigns an adjudicator', async () => {
    const email = `boot.${Date.now()}@example.org`;
    await bootstrapOrganiser(t.database.db, email, () => {});
    await bootstrapOrganiser(t.database.db, email, () => {});
    const { accountsClient } = await import('../accounts/accounts-test-client.ts');
    const { token } = await accountsClient(t.app, '198.51.100.7').logIn(email);
    const auth = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ url: '/api/Staff/Me', headers: auth });
    expect(me.json()).toMatchObject({ role: 'organiser' });

    const invitedEmail = `adj.${Date.now()}@example.org`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/Staff/Adjudicators',
      headers: auth,
      payload: { firstName: 'Nomsa', surname: 'Mokoena', email: invitedEmail },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const outbox = await t.app.inject({ url: `/api/dev/outbox?to=${invitedEmail}` });
    expect(outbox.json<{ body: string }[]>()[0]?.body).toContain('invited to adjudicate');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/Staff/Adjudicators',
      headers: auth,
      payload: { firstName: 'Nomsa', surname: 'Mokoena', email: invitedEmail },
    });
    expect(again.statusCode).toBe(409);

    const id = invited.json<{ id: number }>().id;
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/Staff/Adjudicators/${id}/Assignments`,
      headers: auth,
      payload: { section: 'Music' },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json()).toEqual([
      expect.objectContaining({ section: 'Music', categoryId: null, label: 'Music' }),
    ]);
    const both = await t.app.inject({
      method: 'POST',
      url: `/api/Staff/Adjudicators/${id}/Assignments`,
      headers: auth,
      payload: { section: 'Music', categoryId: 1 },
    });
    expect(both.statusCode).toBe(400);
  });
});

describe('blind marking', () => {
  it('shows an adjudicator only assigned, unconflicted entries, never names or file names', async () => {
    const organiser = await createStaff(t, 'organiser');
    const adjudicator = await createStaff(t, 'adjudicator');
    const family = await createFamily(t);
    const dance = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Zinhle',
      surname: 'Mahlangu',
      school: 'Aloe Crest Primary School',
    });
    const drama = await finalisedEntry(t, family, dramaSolo(), { firstName: 'Sipho' });
    const notFinalised = await finalisedEntry(
      t,
      family,
      danceSolo(),
      { firstName: 'Lerato' },
      {
        finalise: false,
      },
    );

    // Nothing assigned yet: nothing to see.
    expect((await adjudicator.call('GET', '/api/Staff/Marking')).json()).toEqual([]);
    const res = await organiser.call(
      'POST',
      `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`,
      {
        section: 'Dance',
      },
    );
    expect(res.statusCode, res.body).toBe(201);

    const listRes = await adjudicator.call('GET', '/api/Staff/Marking');
    const list = MarkingListSchema.parse(listRes.json());
    const ids = list.map((e) => e.orderItemId);
    expect(ids).toContain(dance.orderItemId);
    expect(ids).not.toContain(drama.orderItemId);
    expect(ids).not.toContain(notFinalised.orderItemId);
    expect(
      (await adjudicator.call('GET', `/api/Staff/Marking/${drama.orderItemId}`)).statusCode,
    ).toBe(404);

    const detailRes = await adjudicator.call('GET', `/api/Staff/Marking/${dance.orderItemId}`);
    expect(detailRes.statusCode, detailRes.body).toBe(200);
    const detail = MarkingEntrySchema.parse(detailRes.json());
    expect(detail.entryCode).toBe(`E${dance.orderItemId}`);
    expect(detail.files).toEqual([
      expect.objectContaining({ label: 'Main file 1 (.mp4)', uploadType: 2, isVideo: true }),
    ]);
    expect(detail.files[0]?.url).toMatch(
      new RegExp(`^/media/uploads/${dance.uploadId}\\?blind=1&expires=\\d+&signature=`),
    );
    expect(detail.files[0]?.playerUrl).toMatch(
      new RegExp(`^/media/play/${dance.uploadId}\\?blind=1&`),
    );
    // The file itself is served under a blind name too (uploads/tus.test.ts fetches one).
    for (const body of [listRes.body, detailRes.body]) {
      for (const secret of ['Zinhle', 'Mahlangu', 'Aloe Crest', 'performance.mp4', 'Dlamini']) {
        expect(body).not.toContain(secret);
      }
    }
    const link = await adjudicator.call(
      'GET',
      `/api/Staff/BucketLink?orderItemId=${dance.orderItemId}&uploadId=${dance.uploadId}`,
    );
    expect(link.json<{ url: string }>().url).toMatch(/^\/media\/uploads\//);
    const otherLink = await adjudicator.call(
      'GET',
      `/api/Staff/BucketLink?orderItemId=${drama.orderItemId}&uploadId=${drama.uploadId}`,
    );
    expect(otherLink.statusCode).toBe(404);

    // A declared school, then a declared contestant, take entries out of sight.
    const school = await adjudicator.call('POST', '/api/Staff/Conflicts', {
      kind: 'school',
      name: '  aloe crest   PRIMARY school ',
    });
    expect(school.statusCode, school.body).toBe(201);
    const afterSchool = MarkingListSchema.parse(
      (await adjudicator.call('GET', '/api/Staff/Marking')).json(),
    ).map((e) => e.orderItemId);
    expect(afterSchool).not.toContain(dance.orderItemId);
    expect(
      (await adjudicator.call('GET', `/api/Staff/Marking/${dance.orderItemId}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await adjudicator.call('PUT', `/api/Staff/Marking/${dance.orderItemId}`, {
          scores: [],
          comment: 'x',
        })
      ).statusCode,
    ).toBe(404);

    const other = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Thabo',
      surname: 'Nkosi',
    });
    const visible = () =>
      adjudicator
        .call('GET', '/api/Staff/Marking')
        .then((r) => MarkingListSchema.parse(r.json()).map((e) => e.orderItemId));
    expect(await visible()).toContain(other.orderItemId);
    await adjudicator.call('POST', '/api/Staff/Conflicts', {
      kind: 'contestant',
      name: 'thabo NKOSI',
    });
    expect(await visible()).not.toContain(other.orderItemId);
  });

  it("never shows an adjudicator their own family's entries", async () => {
    const organiser = await createStaff(t, 'organiser');
    // A parent who also adjudicates: staff accounts are customer accounts.
    const parent = await createFamily(t);
    const own = await finalisedEntry(t, parent, danceSolo(), { firstName: 'Khanya' });
    const { customers } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(customers)
      .set({ role: 'adjudicator' })
      .where(eq(customers.id, parent.id));
    const assigned = await organiser.call(
      'POST',
      `/api/Staff/Adjudicators/${parent.id}/Assignments`,
      {
        section: 'Dance',
      },
    );
    expect(assigned.statusCode, assigned.body).toBe(201);
    const list = await parent.call('GET', '/api/Staff/Marking');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ orderItemId: number }[]>().map((e) => e.orderItemId)).not.toContain(
      own.orderItemId,
    );
    expect((await parent.call('GET', `/api/Staff/Marking/${own.orderItemId}`)).statusCode).toBe(
      404,
    );
  });

  it('checks each criterion against its maximum, totals on the server, and keeps a submitted mark', async () => {
    const organiser = await createStaff(t, 'organiser');
    const adjudicator = await createStaff(t, 'adjudicator');
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, dramaSolo());
    await organiser.call('POST', `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`, {
      categoryId: dramaSolo().category.id,
    });
    const url = `/api/Staff/Marking/${entry.orderItemId}`;
    const detail = MarkingEntrySchema.parse((await adjudicator.call('GET', url)).json());
    expect(detail.rubric.reduce((sum, c) => sum + c.maxValue, 0)).toBe(100);
    const [first, second] = detail.rubric;
    if (!first || !second) throw new Error('the rubric has fewer than two criteria');

    const tooHigh = await adjudicator.call('PUT', url, {
      scores: [{ name: first.name, value: first.maxValue + 1 }],
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toContain(`0 to ${first.maxValue}`);
    const negative = await adjudicator.call('PUT', url, {
      scores: [{ name: first.name, value: -1 }],
    });
    expect(negative.statusCode).toBe(400);
    const unknown = await adjudicator.call('PUT', url, { scores: [{ name: 'Charm', value: 5 }] });
    expect(unknown.statusCode).toBe(400);

    // A partial draft is fine; submitting it is not.
    const draft = await adjudicator.call('PUT', url, {
      scores: [{ name: first.name, value: first.maxValue }],
      comment: 'Lovely start',
      total: 100,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(MarkingEntrySchema.parse(draft.json()).mark).toMatchObject({
      status: 'draft',
      total: first.maxValue,
      comment: 'Lovely start',
    });
    const incomplete = await adjudicator.call('PUT', url, {
      scores: [{ name: first.name, value: 1 }],
      submit: true,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toContain(`Please score ${second.name}`);

    const scores = detail.rubric.map((c) => ({ name: c.name, value: c.maxValue - 2 }));
    const submitted = await adjudicator.call('PUT', url, {
      scores,
      comment: 'Confident and clear.',
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const mark: MarkingEntry['mark'] = MarkingEntrySchema.parse(submitted.json()).mark;
    expect(mark).toMatchObject({ status: 'submitted', total: 100 - 2 * detail.rubric.length });
    expect(mark?.scores.map((s) => s.name)).toEqual(detail.rubric.map((c) => c.name));

    // Decision 058: for ten minutes after submitting, the adjudicator may change it by submitting
    // again (never back to a draft); the minutes run from the first submission; then it locks.
    expect(mark?.changeableUntil).toBe('2025-04-01T10:10:00.000Z');
    t.setNow('2025-04-01T10:09:00Z');
    const unsubmit = await adjudicator.call('PUT', url, {
      scores,
      comment: 'Draft',
      submit: false,
    });
    expect(unsubmit.statusCode).toBe(409);
    const fix = scores.map((s, k) => (k === 0 ? { ...s, value: s.value + 1 } : s));
    const change = await adjudicator.call('PUT', url, {
      scores: fix,
      comment: 'Fixed',
      submit: true,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(MarkingEntrySchema.parse(change.json()).mark).toMatchObject({
      status: 'submitted',
      comment: 'Fixed',
      total: 101 - 2 * detail.rubric.length,
      submittedAt: '2025-04-01T10:00:00.000Z',
      changeableUntil: '2025-04-01T10:10:00.000Z',
    });
    // The audit log keeps what the change replaced, apart from a first submission.
    const [changed] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'mark.changed'), eq(auditLog.entityId, String(entry.orderItemId))),
      );
    expect(changed?.details).toEqual({
      from: { total: 100 - 2 * detail.rubric.length, scores },
      to: { total: 101 - 2 * detail.rubric.length, scores: fix },
      commentChanged: true,
    });
    t.setNow('2025-04-01T10:10:01Z');
    const locked = MarkingEntrySchema.parse((await adjudicator.call('GET', url)).json()).mark;
    expect(locked).toMatchObject({ comment: 'Fixed', changeableUntil: null });
    const late = await adjudicator.call('PUT', url, { scores, comment: 'Changed', submit: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('can no longer be changed');
    // Another adjudicator assigned the same category does not see an entry already marked.
    const second2 = await createStaff(t, 'adjudicator');
    await organiser.call('POST', `/api/Staff/Adjudicators/${second2.id}/Assignments`, {
      section: 'Dramatic Arts',
    });
    expect((await second2.call('GET', url)).statusCode).toBe(404);

    // The organiser may send it back before publication.
    const reopened = await organiser.call('POST', `/api/Staff/Marks/${entry.orderItemId}/Reopen`);
    expect(reopened.statusCode).toBe(204);
    const again = await adjudicator.call('PUT', url, { scores, comment: 'Changed', submit: true });
    expect(again.statusCode).toBe(200);
  });
});
