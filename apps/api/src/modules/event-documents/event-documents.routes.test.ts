import { EventContentSchema, type Item } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('documents made from the event data', () => {
  it('the prospectus is a PDF listing dates, fees and every item code', async () => {
    const res = await t.app.inject({ url: '/api/documents/prospectus.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    const items = (
      await t.app.inject({ url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?take=300` })
    ).json<{ items: Item[] }>().items;
    expect(items.length).toBeGreaterThan(150);
    const missing = items.filter((i) => !text.includes(i.code)).map((i) => i.code);
    expect(missing).toEqual([]);
    expect(text).toContain('R 160.00');
    expect(text).toContain('20 April 2025');
  });

  it('the FAQ document holds every question, and each adjudicator has a bio', async () => {
    const { content } = (await t.app.inject({ url: '/api/content' })).json<{ content: unknown }>();
    const parsed = EventContentSchema.parse(content);
    const faq = await t.app.inject({ url: '/api/documents/faq.pdf' });
    const faqText = pdfText(faq.rawPayload).replace(/\s+/g, ' ');
    for (const { question } of parsed.faq) {
      expect(faqText).toContain(question.split(' ').slice(0, 3).join(' '));
    }
    for (const a of parsed.adjudicators) {
      const bio = await t.app.inject({ url: `/api/documents/adjudicators/${a.slug}.pdf` });
      expect(bio.statusCode).toBe(200);
      expect(pdfText(bio.rawPayload)).toContain(a.name.split(' ')[0]);
    }
    expect((await t.app.inject({ url: '/api/documents/adjudicators/nobody.pdf' })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/content', () => {
  it('gives the event and its public content', async () => {
    const res = await t.app.inject({ url: '/api/content' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ event: { id: number }; content: unknown }>();
    expect(body.event.id).toBe(t.eventId);
    expect(EventContentSchema.safeParse(body.content).success).toBe(true);
  });
});
