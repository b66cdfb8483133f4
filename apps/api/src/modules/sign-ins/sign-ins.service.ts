import {
  SIGN_IN_EVENT_REASONS,
  SIGN_IN_EVENT_RETENTION_DAYS,
  SIGN_IN_LATEST_SIZE,
  SIGN_IN_REASON_LABELS,
  SIGN_IN_TOP_SIZE,
  type SignInEventReason,
  type SignInSummary,
} from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { SECURITY_EVENTS } from '../../lib/security-events.ts';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter.ts';
import * as repo from './sign-ins.repository.ts';

export interface SignInsDependencies {
  db: Database;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  now: () => number;
}

/** A refused sign-in step, as the accounts module reports it: never the pin. */
export interface SignInRefusal {
  reason: SignInEventReason;
  /** The account, when it exists. */
  customerId: number | null;
  /** Its sign-in address, already masked (accounts' maskForStaff). */
  identifier: string | null;
  ip: string;
}

export type SignInsService = ReturnType<typeof createSignInsService>;

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * A throttled request is refused before any work, so a flood of them costs nothing but this
 * record: one event per address, reason and account per minute keeps the table and the log from
 * growing with the flood while the screen still shows it minute by minute. Wrong, expired and
 * spent pins need no such sampling: the pin-check limit (30 per address per 10 minutes) bounds
 * them already.
 */
const THROTTLED: ReadonlySet<SignInEventReason> = new Set(['send_throttled', 'verify_throttled']);
const THROTTLED_SAMPLE_MS = 60_000;

/** The organisers' screen: counts, the accounts and addresses with the most, the latest. */
async function summary(deps: SignInsDependencies): Promise<SignInSummary> {
  const { db } = deps;
  const now = deps.now();
  const hourAgo = new Date(now - HOUR);
  const dayAgo = new Date(now - DAY);
  const [lastHour, last24Hours, reasons, accounts, addresses, latest] = await Promise.all([
    repo.countSince(db, hourAgo),
    repo.countSince(db, dayAgo),
    repo.countByReasonSince(db, dayAgo),
    repo.topAccountsSince(db, dayAgo, SIGN_IN_TOP_SIZE),
    repo.topAddressesSince(db, dayAgo, SIGN_IN_TOP_SIZE),
    repo.latestEvents(db, SIGN_IN_LATEST_SIZE),
  ]);
  const iso = (at: Date | null) => (at ?? new Date(now)).toISOString();
  return {
    lastHour,
    last24Hours,
    reasons: SIGN_IN_EVENT_REASONS.map((reason) => ({
      reason,
      events: reasons.find((r) => r.reason === reason)?.events ?? 0,
    })),
    topAccounts: accounts.map((a) => ({
      customerId: a.customerId,
      identifier: a.identifier,
      events: a.events,
      addresses: a.addresses,
      lastAt: iso(a.lastAt),
    })),
    topAddresses: addresses.map((a) => ({
      ip: a.ip,
      events: a.events,
      accounts: a.accounts,
      lastAt: iso(a.lastAt),
    })),
    latest: latest.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      customerId: e.customerId,
      identifier: e.identifier,
      ip: e.ip,
      reason: e.reason,
    })),
  };
}

/** Failed and throttled sign-ins: recorded, logged, counted for organisers (decision 032). */
export function createSignInsService(deps: SignInsDependencies) {
  const { db, log, limiter } = deps;

  return {
    /** Logs the refusal at warn and keeps it as an event; never changes the family's answer. */
    async record(refusal: SignInRefusal): Promise<void> {
      if (THROTTLED.has(refusal.reason)) {
        const key = `sign-in-event:${refusal.reason}:${refusal.ip}:${refusal.customerId ?? '-'}`;
        if (!(await limiter.hit(key, 1, THROTTLED_SAMPLE_MS)).allowed) return;
      }
      log.warn(
        {
          event: SECURITY_EVENTS.signInRefused,
          signIn: {
            reason: refusal.reason,
            customerId: refusal.customerId,
            identifier: refusal.identifier,
            ip: refusal.ip,
          },
        },
        `sign-in refused: ${SIGN_IN_REASON_LABELS[refusal.reason].toLowerCase()}`,
      );
      try {
        await repo.insertEvent(db, { ...refusal, at: new Date(deps.now()) });
      } catch (err) {
        // The warning above is the trace; the family still gets the spec's answer.
        log.error({ err }, 'a sign-in event was not recorded');
      }
    },

    /** The organisers' screen: counts, the accounts and addresses with the most, the latest. */
    summary: () => summary(deps),

    /** The nightly job: events older than the retention period go. */
    async deleteOld(): Promise<number> {
      return repo.deleteBefore(db, new Date(deps.now() - SIGN_IN_EVENT_RETENTION_DAYS * DAY));
    },
  };
}
