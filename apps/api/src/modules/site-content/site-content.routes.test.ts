import type { SiteContent } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
  url = `/api/Staff/Events/${t.eventId}/Content`;
});
afterAll(async () => {
  await t.close();
});

describe('site content', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { title: 'x', intro: 'y', faq: [] } : undefined;
      expect((await family.call(method, url, body)).statusCode).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('publishes a new FAQ entry first: the home page and the FAQ document show it at once', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    expect(current.faq.length).toBeGreaterThanOrEqual(5);
    // Read once, so that the cached copies (snapshot, document) exist before the change.
    await t.app.inject({ url: '/api/content' });
    await t.app.inject({ url: '/api/documents/faq.pdf' });

    const faq = [
      { question: 'Can a school enter a whole class?', answer: 'Yes: as a group item.' },
      ...current.faq,
    ];
    const res = await organiser.call('PUT', url, { ...current, faq });
    expect(res.statusCode, res.body).toBe(200);

    const site = (await t.app.inject({ url: '/api/content' })).json<{
      content: { faq: { question: string }[]; artworks: unknown[] };
    }>();
    expect(site.content.faq[0]?.question).toBe('Can a school enter a whole class?');
    // The rest of the content stays.
    expect(site.content.artworks).toHaveLength(3);
    const doc = await t.app.inject({ url: '/api/documents/faq.pdf' });
    const text = pdfText(doc.rawPayload);
    expect(text).toContain('Can a school enter a whole class?');

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.publish'));
    expect(line?.details).toMatchObject({ before: { faq: current.faq }, after: { faq } });
  });

  it('keeps five questions for the home page, and refuses empty ones', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    const few = await organiser.call('PUT', url, { ...current, faq: current.faq.slice(0, 4) });
    expect(few.statusCode).toBe(400);
    const blank = await organiser.call('PUT', url, {
      ...current,
      faq: [{ question: ' ', answer: 'x' }, ...current.faq],
    });
    expect(blank.statusCode).toBe(400);
  });
});
