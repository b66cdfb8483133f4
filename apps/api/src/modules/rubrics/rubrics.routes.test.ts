import type { StaffRubrics, StaffSectionRubric } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, finalisedEntry } from '../adjudication/adjudication.test-helpers.ts';

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
const rubricOf = async (section: string) =>
  (await organiser.call('GET', base))
    .json<StaffRubrics>()
    .sections.find((s) => s.section === section)!;

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
      expect(s.locked).toBe(false);
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
    expect(await rubricOf('Dance')).toMatchObject({ locked: true, marks: 1 });
    const locked = await organiser.call('PUT', `${base}/${dance}`, {
      criteria: [{ name: 'Everything', maxValue: 100 }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'RUBRIC_LOCKED' });
    // Other sections stay open.
    expect((await rubricOf('Music')).locked).toBe(false);
  });
});
