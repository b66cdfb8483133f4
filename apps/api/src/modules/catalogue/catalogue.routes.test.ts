import { ItemPageSchema, type ItemPage } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function page(url: string): Promise<ItemPage> {
  const res = await get(url);
  expect(res.status).toBe(200);
  return ItemPageSchema.parse(res.body);
}

describe('categories', () => {
  it('lists every category with its section, 6 to 10 per section', async () => {
    const res = await get(`/api/Eisteddfods/${t.eventId}/Categories`);
    expect(res.status).toBe(200);
    const categories = res.body as { id: number; name: string; section: string }[];
    for (const section of ['Dramatic Arts', 'Music', 'Visual Arts & Design', 'Dance']) {
      const n = categories.filter((c) => c.section === section).length;
      expect(n).toBeGreaterThanOrEqual(6);
      expect(n).toBeLessThanOrEqual(10);
    }
  });

  it('pages a category 15 at a time with the total', async () => {
    // The demo's Piano category has more than one page of items.
    const categories = (await get(`/api/Eisteddfods/${t.eventId}/Categories`)).body as {
      id: number;
    }[];
    const first = categories[0]!;
    const all = await page(`/api/Eisteddfods/${t.eventId}/Categories/${first.id}/Items?take=300`);
    const p1 = await page(
      `/api/Eisteddfods/${t.eventId}/Categories/${first.id}/Items?skip=0&take=2`,
    );
    const p2 = await page(
      `/api/Eisteddfods/${t.eventId}/Categories/${first.id}/Items?skip=2&take=2`,
    );
    expect(p1.total).toBe(all.total);
    expect(p1.items.map((i) => i.id)).toEqual(all.items.slice(0, 2).map((i) => i.id));
    expect(p2.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    expect(all.items.every((i) => i.category.id === first.id)).toBe(true);
  });
});

describe('ItemsSearch', () => {
  it('serves at least 150 items, 15 to a page by default', async () => {
    const res = await page(`/api/Eisteddfods/${t.eventId}/ItemsSearch`);
    expect(res.total).toBeGreaterThanOrEqual(150);
    expect(res.items).toHaveLength(15);
  });

  it('matches code and descriptions, ignoring case, every word', async () => {
    const byCode = await page(`/api/Eisteddfods/${t.eventId}/ItemsSearch?search=mu101`);
    expect(byCode.items.map((i) => i.code)).toContain('MU101');
    const byTitle = await page(`/api/Eisteddfods/${t.eventId}/ItemsSearch?search=PIANO&take=300`);
    expect(byTitle.total).toBeGreaterThan(0);
    expect(
      byTitle.items.every((i) =>
        `${i.shortDescription} ${i.description}`.toLowerCase().includes('piano'),
      ),
    ).toBe(true);
    const twoWords = await page(
      `/api/Eisteddfods/${t.eventId}/ItemsSearch?search=${encodeURIComponent('piano classical')}&take=300`,
    );
    expect(twoWords.total).toBeGreaterThan(0);
    expect(twoWords.total).toBeLessThan(byTitle.total);
  });

  it('answers the alias items/search and any casing of the path the same', async () => {
    const a = await page(`/api/Eisteddfods/${t.eventId}/ItemsSearch?search=ballet`);
    const b = await page(`/api/eisteddfods/${t.eventId}/items/search?search=ballet`);
    const c = await page(`/API/EISTEDDFODS/${t.eventId}/ITEMSSEARCH?search=ballet`);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('returns an empty page past the end rather than an error', async () => {
    const res = await page(`/api/Eisteddfods/${t.eventId}/ItemsSearch?skip=100000`);
    expect(res.items).toEqual([]);
    expect(res.total).toBeGreaterThan(0);
  });
});

describe('section items', () => {
  it('pages the items of one section, with the alias categories/{section}/items', async () => {
    const a = await page(`/api/Eisteddfods/Categories/SectionItems?section=Dance&take=300`);
    const b = await page(`/api/Eisteddfods/categories/Dance/items?take=300`);
    expect(a.total).toBeGreaterThan(0);
    expect(a.items.every((i) => i.category.section === 'Dance')).toBe(true);
    expect(b).toEqual(a);
  });

  it('refuses an unknown section by name', async () => {
    const res = await get(`/api/Eisteddfods/Categories/SectionItems?section=Cooking`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect((res.body as { message: string }).message).toContain('section');
  });
});

describe('Items?search', () => {
  it('returns every matching item without paging', async () => {
    const res = await get(`/api/Eisteddfods/${t.eventId}/Items?search=choir`);
    expect(res.status).toBe(200);
    const items = res.body as { code: string }[];
    expect(items.length).toBeGreaterThan(0);
  });
});

describe('deadlines', () => {
  async function findVisualArtsItem() {
    const res = await page(
      `/api/Eisteddfods/Categories/SectionItems?section=${encodeURIComponent('Visual Arts & Design')}&take=1`,
    );
    return res.items[0]!;
  }

  it('marks an item late only after 23:59:59.999 of its due date in Johannesburg', async () => {
    const item = await findVisualArtsItem();
    expect(item.dueDate).toBe('2025-04-21');
    t.setNow('2025-04-21T21:59:59.999Z');
    expect((await findVisualArtsItem()).deadlinePassed).toBe(false);
    t.setNow('2025-04-21T22:00:00.000Z');
    expect((await findVisualArtsItem()).deadlinePassed).toBe(true);
    t.setNow('2025-04-01T10:00:00Z');
  });
});

describe('bad input answers 4xx JSON, never 5xx', () => {
  it.each([
    ['negative skip', `/api/Eisteddfods/1/ItemsSearch?skip=-1`, 400, 'skip'],
    ['take of zero', `/api/Eisteddfods/1/ItemsSearch?take=0`, 400, 'take'],
    ['take above 300', `/api/Eisteddfods/1/ItemsSearch?take=301`, 400, 'take'],
    ['skip not a number', `/api/Eisteddfods/1/ItemsSearch?skip=abc`, 400, 'skip'],
    ['event id not a number', `/api/Eisteddfods/abc/Categories`, 400, 'id'],
    ['event id negative', `/api/Eisteddfods/-4/Categories`, 400, 'id'],
    ['search too long', `/api/Eisteddfods/1/ItemsSearch?search=${'x'.repeat(101)}`, 400, 'search'],
  ])('%s', async (_name, url, status, field) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status, code: 'VALIDATION_ERROR' });
    expect((res.body as { message: string }).message).toContain(`'${field}'`);
  });

  it('answers 404 for an unknown event on every event call', async () => {
    for (const url of [
      '/api/Eisteddfods/999',
      '/api/Eisteddfods/999/Categories',
      '/api/Eisteddfods/999/Items?search=x',
      '/api/Eisteddfods/999/ItemsSearch',
      '/api/Eisteddfods/999/Categories/1/Items',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'EVENT_NOT_FOUND' });
    }
  });

  it('answers 404 for a category that is not in the event', async () => {
    const res = await get(`/api/Eisteddfods/${t.eventId}/Categories/99999/Items`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'CATEGORY_NOT_FOUND' });
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await get('/api/Nothing/Here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
  });
});

describe('compression', () => {
  it('sends the same page compressed to clients that accept brotli or gzip', async () => {
    const url = `/api/Eisteddfods/${t.eventId}/ItemsSearch?take=15`;
    const plain = await t.app.inject({ url });
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
  });
});

describe('a category longer than one page', () => {
  it('splits into pages of 15 (the demo Piano category)', async () => {
    const categories = (await get(`/api/Eisteddfods/${t.eventId}/Categories`)).body as {
      id: number;
      name: string;
    }[];
    const piano = categories.find((c) => c.name === 'Piano')!;
    const first = await page(
      `/api/Eisteddfods/${t.eventId}/Categories/${piano.id}/Items?skip=0&take=15`,
    );
    const second = await page(
      `/api/Eisteddfods/${t.eventId}/Categories/${piano.id}/Items?skip=15&take=15`,
    );
    expect(first.total).toBeGreaterThan(15);
    expect(first.items).toHaveLength(15);
    expect(second.items).toHaveLength(first.total - 15);
  });
});
