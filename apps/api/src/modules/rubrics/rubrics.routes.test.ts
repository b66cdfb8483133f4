import {
  RUBRIC_EDITOR_MESSAGES,
  type StaffEvent,
  type StaffRubrics,
  type StaffSectionRubric,
} from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marks, rubricCriteria } from '../../db/schema/index.ts';
import { readRubrics } from '../../db/seed/demo-catalogue.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, finalisedEntry } from '../adjudication/adjudication.test-helpers.ts';
import { saveMark } from '../adjudication/marks.repository.ts';
import { lockRubrics } from '../adjudication/rubrics.repository.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let adjudicator: Awaited<ReturnType<typeof createStaff>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
  adjudicator = await createStaff(t, 'adjudicator');
  base = `/api/Staff/Events/${t.eventId}/Rubrics`;
});
afterAll(async () => {
  await t.close();
});

const dance = encodeURIComponent('Dance');
const rubricOf = async (section: string, eventId = t.eventId) =>
  (await organiser.call('GET', `/api/Staff/Events/${eventId}/Rubrics`))
    .json<StaffRubrics>()
    .sections.find((s) => s.section === section)!;

/** A paid, finalised single entry of `section`, and this test's adjudicator assigned to it. */
async function entryIn(section: string) {
  const item = (await catalogueItems(t)).find(
    (i) => i.category.section === section && !i.isGroupItem && !i.requiresAnInstrument,
  )!;
  const entry = await finalisedEntry(t, await createFamily(t), item);
  await organiser.call('POST', `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`, {
    section,
  });
  return entry;
}

const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe('who may edit rubrics', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    const calls: [method: 'GET' | 'PUT', url: string, body?: unknown][] = [
      ['GET', base],
      ['PUT', `${base}/${dance}`, { criteria: [{ name: 'All', maxValue: 100 }] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await family.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('rubrics', () => {
  it("lists each section's criteria, totalling 100, open while nothing is marked", async () => {
    const { sections } = (await organiser.call('GET', base)).json<StaffRubrics>();
    expect(sections.map((s) => s.section)).toEqual([
      'Dramatic Arts',
      'Music',
      'Visual Arts & Design',
      'Dance',
    ]);
    for (const s of sections) {
      expect(s.criteria.reduce((sum, c) => sum + c.maxValue, 0)).toBe(100);
      expect(s).toMatchObject({ locked: false, lockedReason: null, marks: 0 });
    }
  });

  it('refuses maxima that do not total 100, and two criteria of one name', async () => {
    const short = await organiser.call('PUT', `${base}/${dance}`, {
      criteria: [
        { name: 'Technique', maxValue: 50 },
        { name: 'Musicality', maxValue: 45 },
      ],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('The maxima total 95; they must total 100.');
    const twice = await organiser.call('PUT', `${base}/${dance}`, {
      criteria: [
        { name: 'Technique', maxValue: 50 },
        { name: 'technique', maxValue: 50 },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });

  it('replaces a rubric, audited, and the marking form gives the new criteria', async () => {
    const before = await rubricOf('Dance');
    const criteria = [
      { name: 'Technique', maxValue: 40 },
      { name: 'Musicality', maxValue: 30 },
      { name: 'Performance', maxValue: 30 },
    ];
    const res = await organiser.call('PUT', `${base}/${dance}`, { criteria });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffSectionRubric>()).toMatchObject({
      section: 'Dance',
      criteria,
      locked: false,
    });
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'rubric.update'));
    expect(line?.details).toMatchObject({
      section: 'Dance',
      before: before.criteria,
      after: criteria,
    });

    // An adjudicator of Dance marks against it.
    const item = (await catalogueItems(t)).find(
      (i) => i.category.section === 'Dance' && !i.isGroupItem,
    )!;
    const entry = await finalisedEntry(t, await createFamily(t), item);
    await organiser.call('POST', `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`, {
      section: 'Dance',
    });
    const form = await adjudicator.call('GET', `/api/Staff/Marking/${entry.orderItemId}`);
    expect(form.json<{ rubric: unknown }>().rubric).toEqual(criteria);

    // From the first mark, even a draft, the rubric is fixed.
    const draft = await adjudicator.call('PUT', `/api/Staff/Marking/${entry.orderItemId}`, {
      scores: [{ name: 'Technique', value: 30 }],
      comment: '',
      submit: false,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const reason = RUBRIC_EDITOR_MESSAGES.locked('Dance', 1);
    expect(await rubricOf('Dance')).toMatchObject({ locked: true, marks: 1, lockedReason: reason });
    const locked = await organiser.call('PUT', `${base}/${dance}`, {
      criteria: [{ name: 'Everything', maxValue: 100 }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'RUBRIC_LOCKED', message: reason });
    expect((await rubricOf('Dance')).criteria).toEqual(criteria);
    // Other sections stay open.
    expect((await rubricOf('Music')).locked).toBe(false);
  });
});

describe('rubrics per event', () => {
  it("are copied with the event, and the copy's are its own, open while the original's is fixed", async () => {
    // Runs after the Dance rubric above was replaced and then fixed by a mark.
    const original = (await organiser.call('GET', base)).json<StaffRubrics>();
    expect(original.sections.find((s) => s.section === 'Dance')?.locked).toBe(true);
    const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Copy`, {
      name: 'Online Eisteddfod 2026',
      year: 2026,
      shiftDays: 364,
    });
    expect(res.statusCode, res.body).toBe(201);
    const copyId = res.json<StaffEvent>().id;
    const copied = (
      await organiser.call('GET', `/api/Staff/Events/${copyId}/Rubrics`)
    ).json<StaffRubrics>();
    expect(copied.sections.map(({ section, criteria }) => ({ section, criteria }))).toEqual(
      original.sections.map(({ section, criteria }) => ({ section, criteria })),
    );
    expect(copied.sections.every((s) => !s.locked)).toBe(true);

    const next = [{ name: 'Overall impression', maxValue: 100 }];
    const saved = await organiser.call('PUT', `/api/Staff/Events/${copyId}/Rubrics/${dance}`, {
      criteria: next,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await rubricOf('Dance', copyId)).criteria).toEqual(next);
    expect((await rubricOf('Dance')).criteria).toEqual(
      original.sections.find((s) => s.section === 'Dance')?.criteria,
    );
  });

  it("shows an event without rubrics the ones its marking form would give, and keeps them on a section's change", async () => {
    const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Copy`, {
      name: 'Online Eisteddfod 2027',
      year: 2027,
      shiftDays: 728,
    });
    const copyId = res.json<StaffEvent>().id;
    await t.database.db.delete(rubricCriteria).where(eq(rubricCriteria.eventId, copyId));
    const demo = readRubrics();
    expect((await rubricOf('Music', copyId)).criteria).toEqual(demo['Music']);
    const saved = await organiser.call('PUT', `/api/Staff/Events/${copyId}/Rubrics/${dance}`, {
      criteria: [{ name: 'Overall impression', maxValue: 100 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await rubricOf('Music', copyId)).criteria).toEqual(demo['Music']);
  });

  it('404s for an event that does not exist', async () => {
    expect((await organiser.call('GET', '/api/Staff/Events/999999/Rubrics')).statusCode).toBe(404);
    const res = await organiser.call('PUT', `/api/Staff/Events/999999/Rubrics/${dance}`, {
      criteria: [{ name: 'All', maxValue: 100 }],
    });
    expect(res.statusCode).toBe(404);
  });
});

// Two connections meet only on PostgreSQL (PGlite is one embedded connection): here a rubric
// change and a first mark are made to overlap, each way round.
describe.runIf(process.env.DATABASE_URL)('a rubric change and a first mark at once', () => {
  it('checks a mark begun during a change against the new criteria, not the old', async () => {
    const entry = await entryIn('Music');
    const old = (await rubricOf('Music')).criteria;
    const renamed = old.map((c, k) => ({ name: `Renamed ${k + 1}`, maxValue: c.maxValue }));
    let mark: Promise<{ statusCode: number; body: string }> | undefined;
    await t.database.db.transaction(async (tx) => {
      // An organiser's change in progress: under the lock, criteria being replaced.
      await lockRubrics(tx, t.eventId, 'change');
      mark = adjudicator.call('PUT', `/api/Staff/Marking/${entry.orderItemId}`, {
        scores: [{ name: old[0]!.name, value: 1 }],
        comment: '',
        submit: false,
      });
      expect(await settled(mark, 300)).toBe(false);
      await tx
        .delete(rubricCriteria)
        .where(and(eq(rubricCriteria.eventId, t.eventId), eq(rubricCriteria.section, 'Music')));
      await tx.insert(rubricCriteria).values(
        renamed.map((c, position) => ({
          eventId: t.eventId,
          section: 'Music',
          position,
          ...c,
        })),
      );
    });
    const answer = await mark!;
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.body).toContain('INVALID_SCORES');
    const written = await t.database.db
      .select()
      .from(marks)
      .where(eq(marks.orderItemId, entry.orderItemId));
    expect(written).toEqual([]);
  });

  it('counts a first mark being written when the change began, and refuses the change', async () => {
    const entry = await entryIn('Dramatic Arts');
    let change: Promise<{ statusCode: number; body: string }> | undefined;
    await t.database.db.transaction(async (tx) => {
      // An adjudicator's first mark in progress, under the lock that marks share.
      await lockRubrics(tx, t.eventId, 'mark');
      await saveMark(tx, {
        orderItemId: entry.orderItemId,
        adjudicatorId: adjudicator.id,
        comment: '',
        total: 0,
        submit: false,
        at: new Date(),
        scores: [],
      });
      change = organiser.call('PUT', `${base}/${encodeURIComponent('Dramatic Arts')}`, {
        criteria: [{ name: 'Everything', maxValue: 100 }],
      });
      expect(await settled(change, 300)).toBe(false);
    });
    const answer = await change!;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.body).toContain('RUBRIC_LOCKED');
  });
});
