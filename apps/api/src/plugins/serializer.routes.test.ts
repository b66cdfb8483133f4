import { catalogueApi, endpointUrl, ItemPageSchema, type EventSummary } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../test/test-app.ts';
import { checkedSerializer } from './serializer.ts';

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  production = await createTestApp({ env: PRODUCTION_ENV });
});
afterAll(async () => {
  await t?.close();
  await production?.close();
});

/** The event answer with a key its schema does not declare, as a careless change would send. */
function leakFrom(app: TestApp) {
  const real = app.app.catalogue.getEvent.bind(app.app.catalogue);
  return vi.spyOn(app.app.catalogue, 'getEvent').mockImplementation(
    async (id) =>
      ({
        ...(await real(id)),
        internalNote: 'not for families',
      }) as EventSummary,
  );
}

describe('responses in tests are what production sends (issue 14)', () => {
  it('sends the same bytes as production', async () => {
    const url = endpointUrl(catalogueApi.event, { id: t.eventId });
    const [test, prod] = await Promise.all([
      t.app.inject({ url }),
      production.app.inject({ url: endpointUrl(catalogueApi.event, { id: production.eventId }) }),
    ]);
    expect(test.statusCode).toBe(200);
    expect(test.body).toBe(prod.body);
  });

  it('fails a response that carries an undeclared key, which production would send', async () => {
    const leaks = [leakFrom(t), leakFrom(production)];
    try {
      const prod = await production.app.inject({
        url: endpointUrl(catalogueApi.event, { id: production.eventId }),
      });
      expect(prod.json()).toHaveProperty('internalNote');
      // Before: the test serializer stripped the key and answered 200, so no test saw the leak.
      const test = await t.app.inject({ url: endpointUrl(catalogueApi.event, { id: t.eventId }) });
      expect(test.statusCode).toBe(500);
      expect(test.body).not.toContain('not for families');
    } finally {
      for (const leak of leaks) leak.mockRestore();
    }
  });

  it('serves catalogue pages, sent as ready JSON text past the serializer, with declared keys only', async () => {
    const pages = [
      endpointUrl(catalogueApi.itemsPage, { id: t.eventId }, { take: 300 }),
      endpointUrl(catalogueApi.categoryItems, { id: t.eventId, categoryId: 1 }, { take: 300 }),
      endpointUrl(catalogueApi.sectionItems, {}, { section: 'Music', take: 300 }),
      endpointUrl(catalogueApi.sectionItemsByPath, { section: 'Dance' }, { take: 300 }),
    ];
    for (const url of pages) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const page = res.json<{ items: unknown[] }>();
      expect(page.items.length, url).toBeGreaterThan(0);
      expect(checkedSerializer(ItemPageSchema, 'GET', url)(page), url).toBe(res.body);
    }
  });
});
