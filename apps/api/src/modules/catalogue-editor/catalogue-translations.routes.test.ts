import type {
  Category,
  ImportReport,
  Item,
  ItemFieldsInput,
  StaffCatalogue,
  StaffItem,
} from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFamily } from '../../test/family.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// The product speaks Afrikaans in these tests whether or not LOCALES has it yet (decision 070):
// the translated fields are offered for every locale but English.
vi.mock(import('../../../../../packages/shared/src/i18n/locales.ts'), async (original) => ({
  ...(await original()),
  LOCALES: ['en', 'af'] as never,
}));

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
  base = `/api/Staff/Events/${t.eventId}`;
});
afterAll(async () => {
  await t.close();
});

const catalogue = async () =>
  (await organiser.call('GET', `${base}/Catalogue`)).json<StaffCatalogue>();
const itemCoded = async (code: string) => {
  const found = (await catalogue()).items.find((i) => i.code === code);
  if (!found) throw new Error(`no item ${code}`);
  return found;
};
const fieldsOf = (item: StaffItem, changes: Partial<ItemFieldsInput> = {}): ItemFieldsInput => {
  const { id: _id, entries: _e, paidEntries: _p, ...fields } = item;
  return { ...fields, ...changes };
};
/** The item as families are served it (found by its code). */
const served = async (item: StaffItem) => {
  const res = await t.app.inject({
    url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?search=${item.code}&take=50`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json<{ items: Item[] }>().items.find((i) => i.id === item.id);
  if (!found) throw new Error(`${item.code} not served`);
  return found;
};
const importCsv = async (rows: string[][], commit: boolean) => {
  const data = Buffer.from(rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\n'));
  const { payload, headers } = multipartFile('catalogue.csv', data);
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/Catalogue/Import?commit=${commit}`,
    payload,
    headers: { ...headers, ...organiser.auth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportReport>();
};

describe("organisers' words in Afrikaans", () => {
  it("keeps an item's translations, serves them beside the unchanged English, finds them by search", async () => {
    const [first] = (await catalogue()).items;
    if (!first) throw new Error('no items');
    const translations = { af: { shortDescription: 'Poësievoordrag', description: '' } };
    const res = await organiser.call(
      'PUT',
      `${base}/Items/${first.id}`,
      fieldsOf(first, { translations }),
    );
    expect(res.statusCode, res.body).toBe(200);
    // A blank translation is not kept: the English shows for it.
    expect(res.json<StaffItem>().translations).toEqual({
      af: { shortDescription: 'Poësievoordrag' },
    });
    const item = await served(first);
    expect(item.shortDescription).toBe(first.shortDescription);
    expect(item.description).toBe(first.description);
    expect(item.translations).toEqual({ af: { shortDescription: 'Poësievoordrag' } });
    const search = await t.app.inject({
      url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?search=po%C3%ABsievoordrag`,
    });
    expect(search.json<{ items: Item[] }>().items.map((i) => i.id)).toEqual([first.id]);

    // The previous release's page sends no translations: they stay.
    const { translations: _t, ...previous } = fieldsOf(await itemCoded(first.code));
    const again = await organiser.call('PUT', `${base}/Items/${first.id}`, {
      ...previous,
      description: 'New words',
    });
    expect(again.json<StaffItem>().translations).toEqual({
      af: { shortDescription: 'Poësievoordrag' },
    });
  });

  it('serves an item and a category without translations in the shape the spec calls had', async () => {
    const item = (await catalogue()).items[5];
    if (!item) throw new Error('no item');
    const body = await served(item);
    expect(body).not.toHaveProperty('translations');
    expect(body.category).not.toHaveProperty('translations');
    expect(Object.keys(body.category).sort()).toEqual(['id', 'name', 'section']);
  });

  it("keeps a category's name in Afrikaans and refuses a language the product does not speak", async () => {
    const category = (await catalogue()).categories[0];
    if (!category) throw new Error('no category');
    const url = `${base}/Categories/${category.id}`;
    const body = { name: category.name, section: category.section };
    const refused = await organiser.call('PUT', url, {
      ...body,
      translations: { fr: { name: 'Poésie' } },
    });
    expect(refused.statusCode).toBe(400);
    const ok = await organiser.call('PUT', url, {
      ...body,
      translations: { af: { name: 'Poësie' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const items = await t.app.inject({
      url: `/api/Eisteddfods/${t.eventId}/Categories/${category.id}/Items?take=1`,
    });
    const [served1] = items.json<{ items: Item[] }>().items;
    expect(served1?.category).toEqual<Category>({
      ...body,
      id: category.id,
      translations: { af: { name: 'Poësie' } },
    });
  });

  it('lets only organisers write translations', async () => {
    const family = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    const item = await itemCoded((await catalogue()).items[0]!.code);
    const body = fieldsOf(item, { translations: { af: { shortDescription: 'Ander' } } });
    expect((await family.call('PUT', `${base}/Items/${item.id}`, body)).statusCode).toBe(404);
    expect((await adjudicator.call('PUT', `${base}/Items/${item.id}`, body)).statusCode).toBe(403);
    expect((await itemCoded(item.code)).translations.af?.shortDescription).not.toBe('Ander');
  });

  it('exports the Afrikaans columns and imports them; a sheet without them keeps the stored words', async () => {
    const sheet = await organiser.call('GET', `${base}/Catalogue/Export?format=csv`);
    const [header = ''] = sheet.body.replace(/^\uFEFF/, '').split('\n');
    expect(header).toContain('Short description (af),Description (af)');

    const item = (await catalogue()).items[2]!;
    const withColumns = await importCsv(
      [
        ['Code', 'Category', 'Short description', 'Price', 'Due date', 'Description (af)'],
        [
          item.code,
          (await catalogue()).categories.find((c) => c.id === item.categoryId)!.name,
          item.shortDescription,
          (item.priceCents / 100).toFixed(2),
          item.dueDate,
          'Die beskrywing',
        ],
      ],
      true,
    );
    expect(withColumns).toMatchObject({ committed: true, updated: 1, problems: [] });
    expect((await itemCoded(item.code)).translations).toEqual({
      af: { description: 'Die beskrywing' },
    });

    const category = (await catalogue()).categories.find((c) => c.id === item.categoryId)!.name;
    const without = await importCsv(
      [
        ['Code', 'Category', 'Short description', 'Price', 'Due date'],
        [
          item.code,
          category,
          `${item.shortDescription}!`,
          (item.priceCents / 100).toFixed(2),
          item.dueDate,
        ],
      ],
      true,
    );
    expect(without).toMatchObject({ committed: true, updated: 1, problems: [] });
    expect((await itemCoded(item.code)).translations).toEqual({
      af: { description: 'Die beskrywing' },
    });

    const unknown = await importCsv(
      [['Code', 'Category', 'Short description', 'Price', 'Due date', 'Description (fr)']],
      false,
    );
    expect(unknown.problems.map((p) => p.code)).toEqual(['UNKNOWN_COLUMN']);
  });
});
