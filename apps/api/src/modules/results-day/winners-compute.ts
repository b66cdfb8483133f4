import { createHash } from 'node:crypto';
import {
  bandLabel,
  DEFAULT_WINNERS_RULE,
  findSectionWinners,
  SECTIONS,
  WinnersRuleSchema,
  type Section,
  type WinnerCandidateLine,
  type WinnersPreview,
  type WinnersRule,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import * as repo from './winners.repository.ts';

/** The event's section winners as its rule gives them from its marks (decision 026). */

/** The band's table shows its top ten and every winner. */
const CANDIDATES_SHOWN = 10;

/** The rule as stored, or the default; a stored rule an older release let through is re-read. */
export function ruleOf(event: repo.ResultsDayEvent): WinnersRule {
  const parsed = WinnersRuleSchema.safeParse(event.winnersRule);
  return parsed.success ? parsed.data : DEFAULT_WINNERS_RULE;
}

/** Names a rule and its winners: a preview's token, compared at confirmation. */
function tokenOf(rule: WinnersRule, winners: [string, string, number, number][]): string {
  return createHash('sha256')
    .update(JSON.stringify({ rule, winners }))
    .digest('base64url')
    .slice(0, 32);
}

/** A winner, with the entry their certificate hangs on (their best mark). */
export interface ComputedWinner {
  section: Section;
  bandName: string;
  bandLabel: string;
  line: WinnerCandidateLine;
  bestOrderItemId: number;
  orderId: number;
  person: { firstName: string; surname: string; school: string };
}

export interface Computed {
  rule: WinnersRule;
  bands: WinnersPreview['bands'];
  token: string;
  unpublished: number;
  winners: ComputedWinner[];
}

/**
 * The winners the rule gives now, and a token naming exactly them and the rule. Before the
 * release every submitted mark counts (the release publishes them all); after it, only
 * published ones: a winner confirmed then is made public at once, and must not rest on marks
 * families cannot see (decision 026).
 */
export async function computeWinners(db: Database, event: repo.ResultsDayEvent): Promise<Computed> {
  const rule = ruleOf(event);
  const all = await repo.findIndividualMarks(db, event.id);
  const rows = event.resultsReleasedAt ? all.filter((r) => r.publishedAt !== null) : all;
  const byCandidate = new Map<string, repo.IndividualMark[]>();
  for (const row of rows) {
    const key = `${row.contestantId}:${row.section}`;
    byCandidate.set(key, [...(byCandidate.get(key) ?? []), row]);
  }
  const outcomes = findSectionWinners(
    [...byCandidate.values()].map((marks) => ({
      contestantId: marks[0]!.contestantId,
      grade: marks[0]!.grade,
      section: marks[0]!.section,
      marks: marks.map((m) => m.total),
    })),
    rule,
    SECTIONS,
  );
  const winners: Computed['winners'] = [];
  const bands = outcomes.map((o) => {
    const label = bandLabel(o.band);
    const candidates = o.candidates
      .filter((c, i) => i < CANDIDATES_SHOWN || c.isWinner)
      .map((c): WinnerCandidateLine => {
        const marks = byCandidate.get(`${c.contestantId}:${o.section}`)!;
        const person = marks[0]!;
        const line = {
          contestantId: c.contestantId,
          contestant: `${person.firstName} ${person.surname}`,
          school: person.school,
          grade: person.grade,
          entries: c.entries,
          countedMarks: c.countedMarks,
          score: c.score,
          eligible: c.eligible,
          reason: c.reason,
          isWinner: c.isWinner,
        };
        if (c.isWinner) {
          // Their best mark's entry (the earliest of equal ones) carries the certificate.
          const best = [...marks].sort(
            (a, b) => b.total - a.total || a.orderItemId - b.orderItemId,
          )[0]!;
          winners.push({
            section: o.section as Section,
            bandName: o.band.name,
            bandLabel: label,
            line,
            bestOrderItemId: best.orderItemId,
            orderId: best.orderId,
            person,
          });
        }
        return line;
      });
    return { section: o.section as Section, band: o.band, bandLabel: label, candidates };
  });
  const token = tokenOf(
    rule,
    winners.map((w) => [w.section, w.bandName, w.line.contestantId, w.line.score]),
  );
  return {
    rule,
    bands,
    token,
    winners,
    unpublished: all.filter((r) => r.publishedAt === null).length,
  };
}

/** The token of the confirmed winners, to compare with a preview's. */
export const confirmedToken = (rule: WinnersRule, current: repo.CurrentWinner[]) =>
  tokenOf(
    rule,
    current.map((w) => [w.section, w.bandName, w.contestantId, w.score]),
  );

/**
 * Whether the confirmed winners are still the ones the rule gives from the marks (false when
 * none were confirmed). A mark reopened or changed, an entry withdrawn, or marks published
 * after the release make them stale: they are then not announced (no message, not on the gala
 * page, no title on a family's page) until an organiser confirms again (decision 026).
 */
export async function confirmationIsCurrent(
  db: Database,
  event: repo.ResultsDayEvent,
): Promise<boolean> {
  if (!event.winnersConfirmedAt) return false;
  const computed = await computeWinners(db, event);
  const current = await repo.findCurrentWinners(db, event.id);
  return confirmedToken(computed.rule, current) === computed.token;
}
