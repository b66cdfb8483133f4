import { EVENT_TEXT } from '@eisteddfod/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A new site before its first organiser sets an event up (issue 31): every call a family's
// screen makes answers 404 EVENT_NOT_FOUND in the same words, said by id (decision 057).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ withoutEvent: true, now: '2026-11-27T10:00:00Z' });
});
afterAll(async () => {
  await t.close();
});

const noEventYet = {
  statusCode: 404,
  code: 'EVENT_NOT_FOUND',
  message: 'No event has been set up yet',
  messageId: EVENT_TEXT.id('noEventYet'),
};

it.each([
  '/api/config',
  '/api/content',
  '/api/documents/faq.pdf',
  '/api/Eisteddfods/Categories/SectionItems?section=Music',
])('GET %s says no event has been set up yet, by id', async (url) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.json()).toMatchObject(noEventYet);
});

it("opening a family's cart says no event has been set up yet, by id", async () => {
  const family = await createFamily(t);
  const res = await family.call('POST', '/api/Orders', { customerId: family.id, orderItems: [] });
  expect(res.json()).toMatchObject(noEventYet);
});
