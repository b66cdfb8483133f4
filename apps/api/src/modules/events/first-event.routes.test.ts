import type { StaffEvent, StaffEvents } from '@eisteddfod/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createFamily } from '../../test/family.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// A new production site has no event: its first organiser starts one from the console
// (issue 31), rather than asking whoever runs the server to load the demo.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ withoutEvent: true, now: '2026-11-27T10:00:00Z' });
});
afterAll(async () => {
  await t.close();
});

it('lets the first organiser start the first event from the demo, not live, once', async () => {
  const organiser = await createStaff(t, 'organiser');
  expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(404);

  const res = await organiser.call('POST', '/api/Staff/Events/FromDemo');
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<StaffEvent>();
  expect(created.isLive).toBe(false);
  expect(created.items).toBeGreaterThan(0);
  // Its dates are this season's, not the demo file's.
  expect(created.settings.year).toBeGreaterThanOrEqual(2026);

  // Families still see nothing until the organiser makes it live.
  expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(404);
  const list = (await organiser.call('GET', '/api/Staff/Events')).json<StaffEvents>();
  expect(list.events.map((e) => e.id)).toEqual([created.id]);

  // Once there is an event, every next one is a copy (Events): a second start is refused.
  const again = await organiser.call('POST', '/api/Staff/Events/FromDemo');
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'EVENT_EXISTS' });

  const live = await organiser.call('POST', `/api/Staff/Events/${created.id}/MakeLive`);
  expect(live.statusCode, live.body).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
});

it('is organisers only', async () => {
  const family = await createFamily(t);
  const adjudicator = await createStaff(t, 'adjudicator');
  expect((await family.call('POST', '/api/Staff/Events/FromDemo')).statusCode).toBe(404);
  expect((await adjudicator.call('POST', '/api/Staff/Events/FromDemo')).statusCode).toBe(403);
  const anonymous = await t.app.inject({ method: 'POST', url: '/api/Staff/Events/FromDemo' });
  expect(anonymous.statusCode).toBe(401);
});
