import {
  CertificateVerificationSchema,
  ConfirmedWinnersSchema,
  DEFAULT_WINNERS_RULE,
  GalaSchema,
  ReleaseOutcomeSchema,
  ResultsReleaseSchema,
  WinnersPreviewSchema,
  WinnersRuleSettingsSchema,
  type Item,
  type WinnersPreview,
  type WinnersRule,
} from '@eisteddfod/shared';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  certificates,
  marks,
  outboxMessages,
  sectionWinners,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { markedEntries } from './results-day.test-helpers.ts';

let t: TestApp;
let catalogue: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;
const ids: Record<string, number> = {};
const entries: Record<string, number[]> = {};
let familyAuth: Record<string, string>;

/**
 * Music, with the default rule (4 entries, best 4 averaged, at least 80, ties shared, bands
 * R-3, 4-6, 7-9, 10-12): Senior has a tie between Chloe and Dumi, Bongi has three entries
 * only; Ethan (grade 10) is FET's; Fikile (grade 3) has four group entries, which do not count,
 * and four individual ones below 80.
 */
beforeAll(async () => {
  t = await createTestApp({ now: '2025-06-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
  const family = await createFamily(t);
  familyAuth = family.auth;
  const people: [string, string, number[]][] = [
    ['Anele', '8', [85, 85, 85, 85]],
    ['Bongi', '8', [99, 99, 99]],
    ['Chloe', '9', [95, 85, 85, 85]],
    ['Dumi', '7', [90, 90, 90, 80]],
    ['Ethan', '10', [81, 81, 81, 81]],
    ['Fikile', '3', [70, 70, 70, 70]],
  ];
  for (const [firstName, grade, totals] of people) {
    ids[firstName] = await family.addContestant({ firstName, surname: 'Mokoena', grade });
    entries[firstName] = await markedEntries(
      t,
      catalogue,
      family,
      ids[firstName]!,
      'Music',
      totals,
    );
  }
  await markedEntries(t, catalogue, family, ids.Fikile!, 'Music', [99, 99, 99, 99], {
    group: true,
  });
});
afterAll(() => t.close());

const url = (path = '') => `/api/Staff/Events/${t.eventId}${path}`;
async function preview(): Promise<WinnersPreview> {
  const res = await organiser.call('GET', url('/Winners/Preview'));
  expect(res.statusCode, res.body).toBe(200);
  return WinnersPreviewSchema.parse(res.json());
}
const band = (p: WinnersPreview, name: string) => p.bands.find((b) => b.band.name === name)!;
const winnersIn = (p: WinnersPreview, name: string) =>
  band(p, name)
    .candidates.filter((c) => c.isWinner)
    .map((c) => c.contestant)
    .sort();
async function setRule(rule: WinnersRule) {
  const res = await organiser.call('PUT', url('/WinnersRule'), rule);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the winners rule', () => {
  it('is the default until organisers save one, and is checked when saved', async () => {
    const res = await organiser.call('GET', url('/WinnersRule'));
    expect(WinnersRuleSettingsSchema.parse(res.json())).toEqual({
      rule: DEFAULT_WINNERS_RULE,
      isDefault: true,
      updatedAt: null,
    });
    const overlapping = await organiser.call('PUT', url('/WinnersRule'), {
      ...DEFAULT_WINNERS_RULE,
      gradeBands: [
        { name: 'Junior', fromGrade: 'R', toGrade: '7' },
        { name: 'Senior', fromGrade: '7', toGrade: '12' },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.body).toContain('Grade 7 is in both Junior and Senior.');
    const unknown = await organiser.call('GET', '/api/Staff/Events/99999/WinnersRule');
    expect(unknown.statusCode).toBe(404);
  });

  it('three entries are not enough, four are; group entries do not count; a tie is shared', async () => {
    const p = await preview();
    expect(winnersIn(p, 'Senior')).toEqual(['Chloe Mokoena', 'Dumi Mokoena']);
    const bongi = band(p, 'Senior').candidates.find((c) => c.contestant === 'Bongi Mokoena');
    expect(bongi).toMatchObject({ entries: 3, eligible: false, reason: 'TOO_FEW_ENTRIES' });
    // Grade 10 is FET's, on the other side of Senior's edge.
    expect(winnersIn(p, 'FET')).toEqual(['Ethan Mokoena']);
    // Fikile's four group entries of 99 are not hers; her own four average 70.
    expect(winnersIn(p, 'Foundation')).toEqual([]);
    expect(band(p, 'Foundation').candidates).toEqual([
      expect.objectContaining({ entries: 4, reason: 'BELOW_MINIMUM', score: 70 }),
    ]);
    expect(band(p, 'Intermediate').candidates).toEqual([]);
    expect(p.confirmedAt).toBeNull();
  });

  it('a saved rule changes the winners: tie-break, three entries, and it is audited', async () => {
    await setRule({ ...DEFAULT_WINNERS_RULE, ties: 'highestSingleMark' });
    expect(winnersIn(await preview(), 'Senior')).toEqual(['Chloe Mokoena']);
    await setRule({ ...DEFAULT_WINNERS_RULE, minimumEntries: 3 });
    expect(winnersIn(await preview(), 'Senior')).toEqual(['Bongi Mokoena']);
    await setRule(DEFAULT_WINNERS_RULE);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'winners.rule_changed'));
    expect(audited).toHaveLength(3);
  });
});

describe('confirming the winners', () => {
  it('refuses a preview the marks have changed since', async () => {
    const before = await preview();
    await t.database.db
      .update(marks)
      .set({ total: 96 })
      .where(eq(marks.orderItemId, entries.Chloe![1]!));
    const stale = await organiser.call('POST', url('/Winners/Confirm'), {
      previewToken: before.previewToken,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'WINNERS_PREVIEW_STALE' });
    // Chloe now averages 90.25 and wins alone.
    expect(winnersIn(await preview(), 'Senior')).toEqual(['Chloe Mokoena']);
  });

  it('freezes the winners with a certificate each, verified by its code', async () => {
    const p = await preview();
    const res = await organiser.call('POST', url('/Winners/Confirm'), {
      previewToken: p.previewToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const confirmed = ConfirmedWinnersSchema.parse(res.json());
    expect(confirmed.winners.map((w) => [w.section, w.bandLabel, w.contestant, w.score])).toEqual([
      ['Music', 'Senior (Grades 7-9)', 'Chloe Mokoena', 90.25],
      ['Music', 'FET (Grades 10-12)', 'Ethan Mokoena', 81],
    ]);
    expect((await preview()).confirmedMatchesPreview).toBe(true);

    const chloe = confirmed.winners[0]!.certificate!;
    const pdf = await t.app.inject({ url: chloe.url });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Section Winner');
    expect(text).toContain('Chloe Mokoena');
    expect(text).toContain('Music, Senior (Grades 7-9)');
    // The score as the verification page states it: whole.
    expect(text).toMatch(/with a score of 90(?![.\d])/);
    expect(text).toContain(chloe.verificationCode);
    expect(chloe.verificationUrl).toMatch(/\/certificates\/verify\/[0-9A-Z-]{14}$/);

    // Its code verifies from the release on (below), not before: it would announce the win.
    const json = await t.app.inject({ url: `/api/Certificates/Verify/${chloe.verificationCode}` });
    expect(json.statusCode).toBe(404);
    // The winner's certificate is not one of the entry's own.
    const entryResult = await t.app.inject({
      url: `/api/Staff/Events/${t.eventId}/Winners`,
      headers: organiser.auth,
    });
    expect(ConfirmedWinnersSchema.parse(entryResult.json()).winners).toHaveLength(2);
  });

  it('a new confirmation replaces the winners: the old codes stop verifying', async () => {
    const old = ConfirmedWinnersSchema.parse((await organiser.call('GET', url('/Winners'))).json())
      .winners[0]!.certificate!;
    const oldKeys = (
      await t.database.db
        .select({ key: certificates.storageKey })
        .from(certificates)
        .where(isNotNull(certificates.sectionWinnerId))
    ).map((c) => c.key);
    expect(oldKeys.length).toBeGreaterThan(0);
    await t.database.db
      .update(marks)
      .set({ total: 85 })
      .where(eq(marks.orderItemId, entries.Chloe![1]!));
    const p = await preview();
    expect(p.confirmedMatchesPreview).toBe(false);
    const res = await organiser.call('POST', url('/Winners/Confirm'), {
      previewToken: p.previewToken,
    });
    const now = ConfirmedWinnersSchema.parse(res.json());
    expect(now.winners.map((w) => w.contestant)).toEqual([
      'Chloe Mokoena',
      'Dumi Mokoena',
      'Ethan Mokoena',
    ]);
    const gone = await t.app.inject({ url: `/api/Certificates/Verify/${old.verificationCode}` });
    expect(gone.statusCode).toBe(404);
    expect((await t.app.inject({ url: old.url })).statusCode).toBe(404);
    // The replaced certificates' files stay a day, for a backup whose dump still names them
    // (decision 036), and then go.
    for (const key of oldKeys) expect(await t.app.storage.exists(key)).toBe(true);
    const before = new Date(t.app.now()).toISOString();
    try {
      t.setNow(new Date(t.app.now() + 23 * 3600_000).toISOString());
      await t.app.dataRights.deletePendingFiles();
      for (const key of oldKeys) expect(await t.app.storage.exists(key)).toBe(true);
      t.setNow(new Date(t.app.now() + 2 * 3600_000).toISOString());
      await t.app.dataRights.deletePendingFiles();
      for (const key of oldKeys) expect(await t.app.storage.exists(key)).toBe(false);
    } finally {
      t.setNow(before);
    }
  });

  it('two confirmations at once leave one set of winners', async () => {
    const { previewToken } = await preview();
    const both = await Promise.all([
      organiser.call('POST', url('/Winners/Confirm'), { previewToken }),
      organiser.call('POST', url('/Winners/Confirm'), { previewToken }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const current = await t.database.db
      .select()
      .from(sectionWinners)
      .where(and(eq(sectionWinners.eventId, t.eventId), isNull(sectionWinners.supersededAt)));
    expect(current).toHaveLength(3);
  });

  it('a mark changed while the certificates are made is not frozen unseen', async () => {
    const { previewToken } = await preview();
    const before = await t.database.db
      .select()
      .from(sectionWinners)
      .where(and(eq(sectionWinners.eventId, t.eventId), isNull(sectionWinners.supersededAt)));
    const storage = t.app.storage;
    const put = storage.put.bind(storage);
    let changed = false;
    storage.put = async (...args: Parameters<typeof put>) => {
      if (!changed) {
        changed = true;
        await t.database.db
          .update(marks)
          .set({ total: 70 })
          .where(eq(marks.orderItemId, entries.Ethan![0]!));
      }
      return put(...args);
    };
    try {
      const res = await organiser.call('POST', url('/Winners/Confirm'), { previewToken });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'WINNERS_PREVIEW_STALE' });
    } finally {
      storage.put = put;
      await t.database.db
        .update(marks)
        .set({ total: 81 })
        .where(eq(marks.orderItemId, entries.Ethan![0]!));
    }
    const after = await t.database.db
      .select()
      .from(sectionWinners)
      .where(and(eq(sectionWinners.eventId, t.eventId), isNull(sectionWinners.supersededAt)));
    expect(after.map((w) => w.id)).toEqual(before.map((w) => w.id));
  });

  it('is for organisers: a family gets the answer of a call that does not exist', async () => {
    const family = await createFamily(t);
    const res = await family.call('GET', url('/Winners/Preview'));
    expect(res.statusCode).toBe(404);
  });
});

describe('releasing by hand', () => {
  it('publishes every submitted mark before the gala date, once; stale winners are held back', async () => {
    // Ethan's confirmed title rests on four marks; one goes back to its adjudicator.
    const reopened = await organiser.call('POST', `/api/Staff/Marks/${entries.Ethan![0]}/Reopen`);
    expect(reopened.statusCode, reopened.body).toBe(204);
    // Releasing without them is asked about first (decision 033), then acknowledged.
    const asked = await organiser.call('POST', url('/Release/Now'));
    expect(asked.json()).toMatchObject({ code: 'RELEASE_NEEDS_ACKNOWLEDGEMENT' });
    const res = await organiser.call('POST', url('/Release/Now'), {
      acknowledge: ['WINNERS_NEED_CONFIRMING', 'MARKING_INCOMPLETE'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ReleaseOutcomeSchema.parse(res.json())).toEqual({
      published: 26,
      certificates: 26,
      familiesNotified: 1,
      releasedAt: '2025-06-01T10:00:00.000Z',
    });
    const again = await organiser.call('POST', url('/Release/Now'));
    expect(again.statusCode).toBe(409);
    const galaNow = async () => {
      t.app.resultsDay.gala.forget(t.eventId);
      return GalaSchema.parse((await t.app.inject({ url: '/api/Gala' })).json());
    };
    const gala = await galaNow();
    expect(gala.released).toBe(true);
    // The confirmed winners no longer match the marks: no one is announced, nor congratulated.
    expect(gala.winners).toEqual([]);
    expect(gala.showcase).toEqual([]);
    const told = await t.database.db.select().from(outboxMessages);
    expect(told.some((m) => m.body.includes('Congratulations'))).toBe(false);
    const state = ResultsReleaseSchema.parse((await organiser.call('GET', url('/Release'))).json());
    expect(state.winnersNeedConfirming).toBe(true);
    const family = await t.app.inject({
      url: `/api/ParticipantProfiles/${ids.Chloe}/Results`,
      headers: familyAuth,
    });
    expect(family.json<{ titles: unknown[] }>().titles).toEqual([]);
    // Confirmed again, from the published marks: Ethan has three.
    const p = await preview();
    expect(p.confirmedMatchesPreview).toBe(false);
    const confirmed = await organiser.call('POST', url('/Winners/Confirm'), {
      previewToken: p.previewToken,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await galaNow()).winners.map((w) => w.name)).toEqual(['Chloe M.', 'Dumi M.']);
    const chloe = ConfirmedWinnersSchema.parse(confirmed.json()).winners[0]!.certificate!;
    const json = await t.app.inject({ url: `/api/Certificates/Verify/${chloe.verificationCode}` });
    expect(CertificateVerificationSchema.parse(json.json())).toMatchObject({
      contestant: 'Chloe Mokoena',
      award: 'Section Winner: Music, Senior (Grades 7-9)',
      total: 88,
    });
    const page = await t.app.inject({ url: new URL(chloe.verificationUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Section Winner: Music, Senior (Grades 7-9)');
    const after = ResultsReleaseSchema.parse((await organiser.call('GET', url('/Release'))).json());
    expect(after.winnersNeedConfirming).toBe(false);
  });
});
