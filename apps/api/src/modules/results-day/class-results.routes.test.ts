import type { Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, events } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSchool, createTeacher } from '../class-entries/class-entries.test-helpers.ts';
import { markedEntries } from './results-day.test-helpers.ts';

// Issue 35 (decision 067): a class's results CSV and certificates ZIP, after the release only,
// of the caller's own class (a coordinator's: the school's) and nobody else's.
let t: TestApp;
let all: Item[];
type Teacher = Awaited<ReturnType<typeof createTeacher>>;
let teacher: Teacher;
let other: Teacher;
let coordinator: Teacher;
const entries: Record<string, number[]> = {};

const csvOf = (f: Teacher, membershipId = f.membershipId) =>
  f.call('GET', `/api/Customers/${f.id}/Classes/${membershipId}/Results.csv`);
const zipOf = (f: Teacher, membershipId = f.membershipId) =>
  f.call('GET', `/api/Customers/${f.id}/Classes/${membershipId}/Certificates.zip`);

async function release(at: Date | null) {
  await t.database.db.update(events).set({ resultsReleasedAt: at }).where(eq(events.id, t.eventId));
}

beforeAll(async () => {
  t = await createTestApp();
  all = await catalogueItems(t, true);
  const school = await createSchool(t);
  // Two learners of one name (two files must not overwrite each other), and a name a
  // spreadsheet would run as a formula.
  teacher = await createTeacher(t, school.id, [
    { firstName: 'Thandi', surname: 'Nkosi' },
    { firstName: 'Thandi', surname: 'Nkosi' },
    { firstName: '=HYPERLINK("http://x")', surname: 'Ndlovu/Smit' },
  ]);
  other = await createTeacher(t, school.id, [{ firstName: 'Pieter', surname: 'Botha' }]);
  coordinator = await createTeacher(t, school.id, [], 'coordinator');
  for (const [who, id] of [
    ['thandi1', teacher.learnerIds[0]!],
    ['thandi2', teacher.learnerIds[1]!],
    ['formula', teacher.learnerIds[2]!],
    ['pieter', other.learnerIds[0]!],
  ] as const) {
    const owner = who === 'pieter' ? other : teacher;
    entries[who] = await markedEntries(t, all, owner, id, 'Dance', [88], { published: true });
    for (const entry of entries[who]!)
      await t.app.resultsDay.certificates.generateOnPublication(entry);
  }
});
afterAll(() => t.close());

describe('class results: the release gate', () => {
  it('answers 409 RESULTS_NOT_RELEASED before the release, in plain words, and writes no audit', async () => {
    await release(null);
    for (const res of [await csvOf(teacher), await zipOf(teacher)]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'RESULTS_NOT_RELEASED',
        message: expect.stringContaining('not released yet'),
      });
    }
    const entriesList = await teacher.call(
      'GET',
      `/api/Customers/${teacher.id}/Classes/${teacher.membershipId}/Entries`,
    );
    expect(entriesList.json()).toMatchObject({ resultsReleased: false });
  });
});

describe('class results: row scope', () => {
  it('hides another teacher’s class (404) and refuses an account that teaches nowhere (403)', async () => {
    await release(new Date());
    expect((await csvOf(teacher, other.membershipId)).statusCode).toBe(404);
    expect((await zipOf(teacher, other.membershipId)).statusCode).toBe(404);
    const family = await createFamily(t);
    const res = await family.call(
      'GET',
      `/api/Customers/${family.id}/Classes/${teacher.membershipId}/Results.csv`,
    );
    expect(res.statusCode).toBe(403);
    // Another account's path is refused before anything is read.
    const theirs = await teacher.call(
      'GET',
      `/api/Customers/${other.id}/Classes/${other.membershipId}/Results.csv`,
    );
    expect([403, 404]).toContain(theirs.statusCode);
  });

  it('gives a teacher their own learners only, and the coordinator the whole school', async () => {
    await release(new Date());
    const own = await csvOf(teacher);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).not.toContain('Botha');
    expect(own.body.match(/\r\nNkosi,Thandi,/g)).toHaveLength(2);
    const school = await csvOf(coordinator, teacher.membershipId);
    expect(school.statusCode).toBe(200);
    expect(school.body).toContain('Botha');
    expect(school.body).toContain('Nkosi');
  });
});

describe('class results: the CSV', () => {
  it('is UTF-8 with a BOM, one row per entry with score, medal and certificate number, no formula', async () => {
    await release(new Date());
    const res = await csvOf(teacher);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Surname,First name,Grade,Teacher,Item code,Item,Section,Score,Medal,Placing,Certificate number',
    );
    expect(lines).toHaveLength(4);
    const [cert] = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.orderItemId, entries.thandi1![0]!));
    const thandi = lines.find((l) => l.includes(cert!.verificationCode));
    expect(thandi).toMatch(/^Nkosi,Thandi,5,.*,Dance,88,GOLD,,[0-9A-Z-]{14}$/);
    // The formula is a text cell: quoted, and begun with '.
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://x"")"`))).toBe(true);
    expect(lines.some((l) => /(^|,)=/.test(l))).toBe(false);
    const [logged] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'class.results-csv'));
    expect(logged).toMatchObject({ actorCustomerId: teacher.id });
  });
});

describe('class results: the certificates ZIP', () => {
  it('holds every certificate of the class, each named Surname Firstname - Item, unique and safe', async () => {
    await release(new Date());
    const res = await zipOf(teacher);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(3);
    const thandis = names.filter((n) => n.startsWith('Nkosi Thandi - '));
    const first = thandis.find((n) => !n.endsWith(' (2).pdf'));
    expect(first).toMatch(/^Nkosi Thandi - \S+ .+\.pdf$/);
    expect(thandis).toEqual(expect.arrayContaining([first, first!.replace(/\.pdf$/, ' (2).pdf')]));
    // No path separators, quotes or other characters a file system refuses.
    const formula = names.find((n) => n.startsWith('Ndlovu'))!;
    expect(formula).toMatch(/^Ndlovu Smit =HYPERLINK\( http x \) - /);
    for (const name of names) {
      expect(name).not.toMatch(/[/\\:*?"<>|]/);
      expect(strFromU8(files[name]!.subarray(0, 5))).toBe('%PDF-');
    }
    expect(names.join()).not.toContain('Botha');
  });

  it('names a certificate missing from storage in a note instead of failing the ZIP', async () => {
    await release(new Date());
    const [cert] = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.orderItemId, entries.formula![0]!));
    await t.app.storage.delete(cert!.storageKey);
    const files = unzipSync(new Uint8Array((await zipOf(teacher)).rawPayload));
    expect(Object.keys(files)).toHaveLength(3);
    expect(strFromU8(files['Missing certificates.txt']!)).toContain('Ndlovu Smit');
  });
});
