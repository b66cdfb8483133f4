import { type Item, type SeasonTask, SeasonTasksSchema } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderItemUploads } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, finalisedEntry } from '../adjudication/adjudication.test-helpers.ts';

let t: TestApp;
let catalogue: Item[];

beforeAll(async () => {
  // The demo event takes entries until 20 April; performance items are due on 24 April.
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
});
afterAll(() => t.close());

const solo = (section: string) => {
  const item = catalogue.find(
    (i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === section,
  );
  if (!item) throw new Error(`no ${section} solo in the demo catalogue`);
  return item;
};

async function tasksOf(organiser: Awaited<ReturnType<typeof createStaff>>) {
  const res = await organiser.call('GET', '/api/Staff/Tasks');
  expect(res.statusCode).toBe(200);
  const body = SeasonTasksSchema.parse(res.json());
  const task = (id: SeasonTask['id']) => {
    const found = body.tasks.find((x) => x.id === id);
    if (!found) throw new Error(`no task ${id}`);
    return found;
  };
  return { ...body, task };
}

describe('GET /api/Staff/Tasks', () => {
  it('lists what needs doing from the data, and a task is done once its rows are', async () => {
    const organiser = await createStaff(t, 'organiser');
    const adjudicator = await createStaff(t, 'adjudicator');
    const assigned = await organiser.call(
      'POST',
      `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`,
      { section: 'Dance' },
    );
    expect(assigned.statusCode).toBe(201);

    const before = await tasksOf(organiser);
    expect(before).toMatchObject({ event: { id: t.eventId }, phase: 'entries-open' });
    expect(before.today).toBe('2025-04-01');
    for (const id of ['finalise-entries', 'failed-files', 'unassigned-entries'] as const)
      expect(before.task(id)).toMatchObject({ status: 'done', count: 0 });
    // Winners cannot be confirmed before judging.
    expect(before.task('winners').status).toBe('not-yet');

    const [a, b] = [await createFamily(t), await createFamily(t)];
    // Uploaded and paid, not sent for marking; its file failed processing.
    const unsent = await finalisedEntry(t, a, solo('Dance'), {}, { finalise: false });
    await t.database.db
      .update(orderItemUploads)
      .set({ processingState: 'failed' })
      .where(eq(orderItemUploads.id, unsent.uploadId));
    // Finalised for Music, which no adjudicator is assigned to; and one for Dance.
    await finalisedEntry(t, b, solo('Music'));
    await finalisedEntry(t, b, solo('Dance'));

    const now = await tasksOf(organiser);
    expect(now.task('finalise-entries')).toMatchObject({
      status: 'to-do',
      count: 1,
      families: 1,
      nextDueDate: '2025-04-24',
      examples: [{ label: expect.stringMatching(/: 1 entry$/), href: `/staff/families/${a.id}` }],
    });
    expect(now.task('failed-files')).toMatchObject({
      status: 'to-do',
      count: 1,
      examples: [{ href: `/staff/families/${a.id}` }],
    });
    expect(now.task('unassigned-entries')).toMatchObject({ status: 'to-do', count: 1 });
    // Marking is under way, not late, while entries are open.
    expect(now.task('unmarked-entries')).toMatchObject({ status: 'info', count: 1 });
    // What needs someone comes first.
    const statuses = now.tasks.map((x) => x.status);
    expect(statuses.indexOf('done')).toBeGreaterThan(statuses.lastIndexOf('to-do'));

    // The family finalises, the file is processed again, Music gets an adjudicator.
    await t.database.db
      .update(orderItems)
      .set({ isSubmittedForMarking: true, submittedForMarkingAt: new Date() })
      .where(eq(orderItems.id, unsent.orderItemId));
    await t.database.db
      .update(orderItemUploads)
      .set({ processingState: 'ready' })
      .where(eq(orderItemUploads.id, unsent.uploadId));
    const music = await organiser.call(
      'POST',
      `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`,
      { section: 'Music' },
    );
    expect(music.statusCode).toBe(201);

    const after = await tasksOf(organiser);
    for (const id of ['finalise-entries', 'failed-files', 'unassigned-entries'] as const)
      expect(after.task(id)).toMatchObject({ status: 'done', count: 0 });
    expect(after.task('unmarked-entries')).toMatchObject({ count: 3 });
  });

  it('counts a data request waiting until it is done', async () => {
    const organiser = await createStaff(t, 'organiser');
    const family = await createFamily(t);
    await t.app.dataRights.requestErasure(family.id);
    const { task } = await tasksOf(organiser);
    expect(task('data-requests')).toMatchObject({ status: 'to-do' });
    expect(task('data-requests').count).toBeGreaterThanOrEqual(1);
    expect(task('data-requests').examples[0]).toMatchObject({ href: '/staff/data-requests' });
  });

  it('counts teachers waiting for an answer, with who and which school (decision 061)', async () => {
    const organiser = await createStaff(t, 'organiser');
    const family = await createFamily(t);
    const asked = await family.call('POST', `/api/Customers/${family.id}/school-memberships`, {
      schoolName: 'Tasks Test Studio',
      kind: 'studio',
      role: 'teacher',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { task } = await tasksOf(organiser);
    expect(task('teachers')).toMatchObject({ status: 'to-do', count: 1 });
    expect(task('teachers').examples[0]).toMatchObject({
      label: expect.stringMatching(/: Tasks Test Studio$/),
      href: '/staff/teachers',
    });
    const refused = await organiser.call(
      'POST',
      `/api/Staff/Teachers/${asked.json<{ id: number }>().id}/Refuse`,
      { reason: 'Not known to us.' },
    );
    expect(refused.statusCode).toBe(200);
    expect((await tasksOf(organiser)).task('teachers')).toMatchObject({ status: 'done', count: 0 });
  });

  it("shows a task only to a caller granted its rows' action (security review)", async () => {
    // A role that may ask (read:dashboard) but manages only payments sees no family's names.
    const { tasks } = await t.app.seasonTasks.tasks((action) => action === 'manage:payments');
    expect(tasks.map((x) => x.id)).toEqual(['payments']);
    const all = await t.app.seasonTasks.tasks(() => true);
    expect(all.tasks).toHaveLength(12);
    // The demo catalogue's words are in English only: worth a look, never a block (decision 070).
    const translations = all.tasks.find((x) => x.id === 'translations');
    expect(translations).toMatchObject({ status: 'info' });
    expect(translations!.count).toBeGreaterThan(0);
  });

  it('is for organisers only', async () => {
    const adjudicator = await createStaff(t, 'adjudicator');
    expect((await adjudicator.call('GET', '/api/Staff/Tasks')).statusCode).toBe(403);
    const family = await createFamily(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Staff/Tasks',
      headers: family.auth,
    });
    expect([403, 404]).toContain(res.statusCode);
  });
});
