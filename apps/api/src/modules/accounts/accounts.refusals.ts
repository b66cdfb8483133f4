import { ACCOUNT_TEXT, type Said, type SignInEventReason } from '@eisteddfod/shared';
import { AppError } from '../../lib/errors.ts';
import type { SignInRefusal } from '../sign-ins/index.ts';
import * as repo from './accounts.repository.ts';
import type { AccountsDependencies } from './accounts.service.ts';
import { maskForStaff, toInternationalNumber } from './phone-numbers.ts';
import { latestChallenge } from './pin-challenges.repository.ts';
import { PIN_POLICY } from './pins.ts';

// What a family is refused (a rate limit, a wrong pin) and what organisers see of it
// (decision 032).

function tooMany(retryAfterMs: number, message?: Said): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    429,
    'RATE_LIMITED',
    message ?? ACCOUNT_TEXT.say('tooManyAttempts', { minutes }),
    Math.ceil(retryAfterMs / 1000),
  );
}

export async function limit(
  deps: Pick<AccountsDependencies, 'limiter'>,
  key: string,
  max: number,
  windowMs: number,
  message?: Said,
) {
  const result = await deps.limiter.hit(key, max, windowMs);
  if (!result.allowed) throw tooMany(result.retryAfterMs, message);
}

/**
 * A refused pin check or send as organisers see it: the account when it exists, with its
 * sign-in address for `channel` (else its first) masked. Never the pin.
 */
export async function refusal(
  { db }: Pick<AccountsDependencies, 'db'>,
  customerId: number,
  reason: SignInEventReason,
  ip: string,
  channel?: repo.Channel,
): Promise<SignInRefusal> {
  const customer = await repo.findCustomer(db, customerId);
  if (!customer) return { reason, customerId: null, identifier: null, ip };
  const identities = await repo.findLoginIdentities(db, customerId);
  const identity = identities.find((i) => i.channel === channel) ?? identities[0];
  const identifier = !identity
    ? null
    : identity.channel === 'email'
      ? maskForStaff('email', identity.identifier)
      : maskForStaff('mobile', toInternationalNumber(identity.identifier, customer.country));
  return { reason, customerId, identifier, ip };
}

/** Runs `work`; a 429 it throws (a rate limit, a resend too soon) is reported, then thrown. */
export async function reportingThrottle<T>(
  { signIns }: Pick<AccountsDependencies, 'signIns'>,
  report: () => Promise<SignInRefusal>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 429) await signIns.record(await report());
    throw err;
  }
}

/** Why no login pin could be tried: none open, its time ran out, or its tries were spent. */
export async function noTryReason(
  deps: Pick<AccountsDependencies, 'db' | 'now'>,
  customerId: number,
): Promise<SignInEventReason> {
  const last = await latestChallenge(deps.db, customerId, 'login');
  if (!last || last.consumedAt || last.supersededAt) return 'no_pin';
  if (last.failedAttempts >= PIN_POLICY.maxWrongTries) return 'too_many_tries';
  return last.expiresAt.getTime() <= deps.now() ? 'expired_pin' : 'no_pin';
}
