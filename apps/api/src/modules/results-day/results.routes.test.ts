import {
  EntryResultSchema,
  MarkingEntrySchema,
  OverviewSchema,
  ResultsReviewSchema,
  RubricScoresSchema,
  type Item,
} from '@eisteddfod/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificates,
  customers,
  fileDeletions,
  marks,
  outboxMessages,
  participantProfiles,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createStaff,
  finalisedEntry,
  type Family,
} from '../adjudication/adjudication.test-helpers.ts';
import { csvCell } from '../../lib/csv.ts';
import { publishedOrderItemIds } from '../entries/entries.repository.ts';
import { CERTIFICATES_JOB } from './certificates.service.ts';

let t: TestApp;
let catalogue: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;
let adjudicator: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
  adjudicator = await createStaff(t, 'adjudicator');
  for (const section of ['Dance', 'Music']) {
    await organiser.call('POST', `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`, {
      section,
    });
  }
});
afterAll(() => t.close());

const find = (test: (i: Item) => boolean) => {
  const item = catalogue.find(test);
  if (!item) throw new Error('no such item in the demo catalogue');
  return item;
};
const danceSolo = () =>
  find((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');
const group = () =>
  find(
    (i) =>
      i.isGroupItem &&
      !i.requiresAnInstrument &&
      i.minimumParticipants >= 3 &&
      i.category.section === 'Dance',
  );

/** The adjudicator submits every criterion at `percent` of its maximum. */
async function mark(orderItemId: number, values: (max: number) => number, comment = 'Well done') {
  const url = `/api/Staff/Marking/${orderItemId}`;
  const res = await adjudicator.call('GET', url);
  if (res.statusCode !== 200) throw new Error(`cannot mark: ${res.body}`);
  const { rubric } = MarkingEntrySchema.parse(res.json());
  const saved = await adjudicator.call('PUT', url, {
    scores: rubric.map((c) => ({ name: c.name, value: values(c.maxValue) })),
    comment,
    submit: true,
  });
  if (saved.statusCode !== 200) throw new Error(`not saved: ${saved.body}`);
  return MarkingEntrySchema.parse(saved.json()).mark!;
}

const result = async (f: Family, id: number) => {
  const res = await f.call('GET', `/api/OrderItems/${id}/Result`);
  expect(res.statusCode, res.body).toBe(200);
  return EntryResultSchema.parse(res.json());
};

describe('results', () => {
  it('stay hidden until published, then give the owner scores, total, medal, comment and certificates', async () => {
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Naledi',
      surname: 'van der Merwe',
      school: 'Amanzi Valley High School',
    });
    const submitted = await mark(
      entry.orderItemId,
      (max) => Math.round(max * 0.85),
      'Graceful lines.',
    );
    expect(submitted.total).toBeGreaterThanOrEqual(80);
    expect(submitted.total).toBeLessThan(90);

    // Submitted but not published: the family sees nothing at all.
    const early = await family.call('GET', `/api/OrderItems/RubricScores/${entry.orderItemId}`);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual([]);
    expect(await result(family, entry.orderItemId)).toMatchObject({
      scores: [],
      total: null,
      medal: null,
      comment: null,
      certificates: [],
    });
    expect(await publishedOrderItemIds(t.database.db, [entry.orderItemId])).toEqual(new Set());

    // Another family's session: 404, before and after publication.
    const stranger = await createFamily(t);
    expect(
      (await stranger.call('GET', `/api/OrderItems/RubricScores/${entry.orderItemId}`)).statusCode,
    ).toBe(404);

    const review = ResultsReviewSchema.parse(
      (await organiser.call('GET', '/api/Staff/Results?section=Dance')).json(),
    );
    const row = review.flatMap((c) => c.entries).find((e) => e.orderItemId === entry.orderItemId);
    expect(row).toMatchObject({
      status: 'submitted',
      contestant: 'Naledi van der Merwe',
      total: submitted.total,
    });

    const published = await organiser.call('POST', '/api/Staff/Results/Publish', {
      section: 'Dance',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().published).toBeGreaterThanOrEqual(1);
    await t.app.jobs.settled(CERTIFICATES_JOB);
    expect(await publishedOrderItemIds(t.database.db, [entry.orderItemId])).toEqual(
      new Set([entry.orderItemId]),
    );

    const scores = RubricScoresSchema.parse(
      (await family.call('GET', `/api/OrderItems/RubricScores/${entry.orderItemId}`)).json(),
    );
    expect(scores.length).toBeGreaterThan(0);
    expect(scores.reduce((s, x) => s + x.value, 0)).toBe(submitted.total);
    const shown = await result(family, entry.orderItemId);
    expect(shown).toMatchObject({
      total: submitted.total,
      medal: 'GOLD',
      comment: 'Graceful lines.',
    });
    expect(shown.certificates).toHaveLength(1);
    expect(
      (await stranger.call('GET', `/api/OrderItems/RubricScores/${entry.orderItemId}`)).statusCode,
    ).toBe(404);
    expect(
      (await stranger.call('GET', `/api/OrderItems/${entry.orderItemId}/Result`)).statusCode,
    ).toBe(404);

    // The certificate: the spec's file name, its facts, a code that the public page confirms.
    const pdf = await t.app.inject({ url: shown.certificates[0]!.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="${entry.orderId}_${danceSolo().code}_Naledi_van-der-Merwe_${submitted.total}.pdf"`,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Naledi van der Merwe');
    expect(text).toContain('Amanzi Valley High School');
    expect(text).toContain('GOLD');
    expect(text).toContain('Online Eisteddfod 2025');
    const code = /Verification code: ([0-9A-Z-]{14})/.exec(text)?.[1];
    expect(code).toBeDefined();
    expect(text).toContain(`http://localhost:3000/certificates/verify/${code}`);
    const [stored] = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.verificationCode, code!));
    expect(stored?.storageKey).toBe(
      `certificates/2025Certificates/${entry.orderId}_${danceSolo().code}_Naledi_van-der-Merwe_${submitted.total}.pdf`,
    );

    const page = await t.app.inject({ url: `/certificates/verify/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Genuine certificate</h1>');
    expect(page.body).toContain(
      `This certificate with code <strong>${code}</strong> was issued by the`,
    );
    expect(page.body).toContain('Naledi van der Merwe');
    expect(page.body).toContain('GOLD');
    const json = await t.app.inject({ url: `/api/Certificates/Verify/${code}` });
    expect(json.json()).toMatchObject({ valid: true, medal: 'GOLD', itemCode: danceSolo().code });
    const madeUp = await t.app.inject({ url: '/certificates/verify/ABCD-EFGH-JKMN' });
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.body).toContain('not recognised');
    expect(madeUp.body).toContain(
      'No current certificate has the code <strong>ABCD-EFGH-JKMN</strong>.',
    );
    expect(madeUp.body).not.toContain('Naledi');
    const injected = await t.app.inject({
      url: `/certificates/verify/${encodeURIComponent('<script>x</script>')}`,
    });
    expect(injected.body).not.toContain('<script>x');

    // A tampered link is refused.
    const tampered = shown.certificates[0]!.url.replace(/signature=./, 'signature=x');
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);

    // Families are told: by email, and by WhatsApp only when the order asked for it.
    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.body, '%results of these entries are published%'));
    const [customer] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, family.id));
    const toFamily = sent.filter((m) => m.recipient === customer?.email);
    expect(toFamily).toHaveLength(1);
    expect(toFamily[0]?.body).toContain(`${danceSolo().code}`);
    expect(toFamily[0]?.channel).toBe('email');

    // Regeneration after an amendment: a new code; the old one stops verifying.
    await t.database.db
      .update(participantProfiles)
      .set({ surname: 'Van der Merwe-Smit' })
      .where(eq(participantProfiles.id, entry.profileId));
    const regenerated = await organiser.call(
      'POST',
      `/api/Staff/OrderItems/${entry.orderItemId}/Certificates`,
    );
    expect(regenerated.json()).toEqual({ certificates: 1 });
    expect((await t.app.inject({ url: `/certificates/verify/${code}` })).statusCode).toBe(404);
    const renewed = await result(family, entry.orderItemId);
    const newPdf = await t.app.inject({ url: renewed.certificates[0]!.url });
    expect(pdfText(newPdf.rawPayload)).toContain('Naledi Van der Merwe-Smit');
    // The old link no longer opens a certificate.
    expect((await t.app.inject({ url: shown.certificates[0]!.url })).statusCode).toBe(404);
    // Its file (named after the old surname) stays a day, for a backup whose dump still names
    // it, and is queued to go then (decision 036).
    expect(await t.app.storage.exists(stored!.storageKey)).toBe(true);
    const queued = await t.database.db
      .select()
      .from(fileDeletions)
      .where(eq(fileDeletions.key, stored!.storageKey));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.notBefore!.getTime() - t.app.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('gives a group entry one certificate per group participant, under Group/', async () => {
    const family = await createFamily(t);
    const item = group();
    const members = item.minimumParticipants + 1;
    const entry = await finalisedEntry(t, family, item, {}, { members });
    const submitted = await mark(entry.orderItemId, (max) => Math.floor(max / 2));
    const before = await result(family, entry.orderItemId);
    expect(before.certificates).toEqual([]);

    const published = await organiser.call('POST', '/api/Staff/Results/Publish', {});
    expect(published.statusCode, published.body).toBe(200);
    await t.app.jobs.settled(CERTIFICATES_JOB);
    const shown = await result(family, entry.orderItemId);
    expect(shown.medal).toBe('MERIT');
    expect(shown.certificates).toHaveLength(members);
    const rows = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.orderItemId, entry.orderItemId));
    expect(rows.map((r) => r.storageKey)).toEqual(
      Array.from(
        { length: members },
        (_, k) =>
          `certificates/2025Certificates/Group/${entry.orderId}_${item.code}_Member${k + 1}_Khumalo_${submitted.total}.pdf`,
      ),
    );
    expect(new Set(rows.map((r) => r.verificationCode)).size).toBe(members);
    // Publishing again changes nothing for what is published already.
    const again = await organiser.call('POST', '/api/Staff/Results/Publish', {});
    expect(again.json()).toMatchObject({ published: 0, certificates: 0 });
  });
});

describe('organiser overview and export', () => {
  it('counts entries, payments and marking progress', async () => {
    const res = await organiser.call('GET', '/api/Staff/Overview');
    expect(res.statusCode, res.body).toBe(200);
    const overview = OverviewSchema.parse(res.json());
    const dance = overview.sections.find((s) => s.section === 'Dance');
    expect(dance?.finalised).toBeGreaterThanOrEqual(1);
    expect(overview.payments.paidOrders).toBeGreaterThanOrEqual(1);
    const mine = overview.adjudicators.find((a) => a.id === adjudicator.id);
    expect(mine?.progress.submitted).toBeGreaterThanOrEqual(2);
  });

  it('exports entries as CSV, quoting and defusing formulas', async () => {
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, danceSolo(), { firstName: 'Kea' });
    await t.database.db
      .update(participantProfiles)
      .set({ surname: '=HYPERLINK("http://evil.example","x")', school: '+27 "Quoted", School' })
      .where(eq(participantProfiles.id, entry.profileId));
    const res = await organiser.call('GET', '/api/Staff/Export/Entries.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="entries-event-\d+\.csv"$/,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Order,Payment,Entry code,Item code/);
    const line = lines.find((l) => l.includes(`E${entry.orderItemId},`));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(line).toContain(`"'+27 ""Quoted"", School"`);
    expect(line).toContain('Finalised');
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('escapes single cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it("makes an entry's certificates exactly once, even when its job runs several times at once", async () => {
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, danceSolo());
    await mark(entry.orderItemId, (max) => max);
    const published = await organiser.call('POST', '/api/Staff/Results/Publish', {});
    expect(published.statusCode, published.body).toBe(200);
    // A job sent twice more, as a retry after a lost worker would, and a run beside them.
    await t.app.jobs.sendMany(CERTIFICATES_JOB, [
      { orderItemId: entry.orderItemId },
      { orderItemId: entry.orderItemId },
    ]);
    const direct = t.app.resultsDay.certificates.generateOnPublication(entry.orderItemId);
    await t.app.jobs.settled(CERTIFICATES_JOB);
    await direct;
    const rows = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.orderItemId, entry.orderItemId));
    expect(rows).toHaveLength(1);
    // The stored PDF carries the code the database verifies.
    const shown = await result(family, entry.orderItemId);
    const pdf = await t.app.inject({ url: shown.certificates[0]!.url });
    expect(pdfText(pdf.rawPayload)).toContain(rows[0]!.verificationCode);
  });

  it('makes the certificates of an entry whose job was lost between publishing and queueing', async () => {
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, danceSolo());
    await mark(entry.orderItemId, (max) => max);
    // Published, as a publication that committed and then lost its process would leave it.
    await t.database.db
      .update(marks)
      .set({ publishedAt: new Date(Date.parse('2025-04-01T09:40:00Z')) })
      .where(eq(marks.orderItemId, entry.orderItemId));
    const current = () =>
      t.database.db
        .select()
        .from(certificates)
        .where(eq(certificates.orderItemId, entry.orderItemId));
    expect(await current()).toHaveLength(0);

    expect(await t.app.resultsDay.results.requeueMissingCertificates()).toBeGreaterThanOrEqual(1);
    await t.app.jobs.settled(CERTIFICATES_JOB);
    expect(await current()).toHaveLength(1);
    // Made: the next sweep finds nothing of this entry.
    await t.app.resultsDay.results.requeueMissingCertificates();
    await t.app.jobs.settled(CERTIFICATES_JOB);
    expect(await current()).toHaveLength(1);
  });
});
