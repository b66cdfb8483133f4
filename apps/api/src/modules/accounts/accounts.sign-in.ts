import {
  ACCOUNT_TEXT,
  type Locale,
  DEACTIVATION_MESSAGES,
  isStaffRole,
  type LoginResult,
  type PinSent,
  type SignInEventReason,
} from '@eisteddfod/shared';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';
import { customerIdFor } from './accounts.customers.ts';
import { limit, noTryReason, refusal, reportingThrottle } from './accounts.refusals.ts';
import { sendPin } from './accounts.send-pin.ts';
import type { AccountsDependencies, PinChannel } from './accounts.service.ts';
import { toInternationalNumber } from './phone-numbers.ts';
import { consumeChallenge, spendTry, useGrant } from './pin-challenges.repository.ts';
import { PIN_POLICY, pinMatches } from './pins.ts';

// Signing in with a one-time pin (spec 7, decision 004): a 'pin' token that can only ask for a
// pin, the pin, a short-lived grant, and the session the grant becomes.

const PIN_TOKEN_SECONDS = 15 * 60;

/** The full session a grant becomes, for a customer whose pin was verified moments ago. */
async function startSession(
  deps: AccountsDependencies,
  customerId: number,
): Promise<{ result: LoginResult; usedGrant: boolean }> {
  // Staff sessions carry their role as a hint for the web app's menu (decision 008).
  const account = await repo.findCustomer(deps.db, customerId);
  const role = account?.role;
  // A member of staff an organiser deactivated signs in no more (decision 019). Told only
  // now, after the pin proved the address is theirs, so no one learns it by typing it.
  if (isStaffRole(role) && account?.deactivatedAt) {
    throw new AppError(403, 'STAFF_DEACTIVATED', DEACTIVATION_MESSAGES.deactivated);
  }
  const { token, expiresAt } = await deps.tokens.issue(
    {
      customerId,
      scope: 'session',
      ...(isStaffRole(role) ? { role } : {}),
      // The session works while this is the account's generation (decision 019).
      generation: account?.sessionGeneration ?? 0,
    },
    deps.sessionHours * 3600,
  );
  await audit(deps.db, {
    actorCustomerId: customerId,
    action: 'login.session_started',
    entityType: 'customer',
    entityId: customerId,
  });
  return {
    result: { token, customerId, scope: 'session', expiresAt: expiresAt.toISOString() },
    usedGrant: true,
  };
}

/**
 * Spec 7, SilentLogin. Without a grant it yields a 'pin' token that can only ask for a pin.
 * With the grant cookie of a pin verified moments ago it yields the full session.
 */
export async function silentLogin(
  deps: AccountsDependencies,
  login: { username: string; isMobile: boolean },
  grantToken: string | undefined,
  ip: string,
): Promise<{ result: LoginResult; usedGrant: boolean }> {
  await limit(deps, `login:ip:${ip}`, 60, 10 * 60_000);
  const customerId = await customerIdFor(
    deps.db,
    login.isMobile ? 'mobile' : 'email',
    login.username,
  );
  if (customerId === undefined)
    throw notFound(
      'ACCOUNT_NOT_FOUND',
      ACCOUNT_TEXT.say('noAccount', { username: login.username }),
    );
  const grant = grantToken ? await deps.tokens.verify(grantToken, ['grant']) : undefined;
  const isGrantFor =
    grant?.customerId === customerId &&
    grant.challengeId !== undefined &&
    (await useGrant(deps.db, grant.challengeId, customerId, new Date(deps.now())));
  if (isGrantFor) return startSession(deps, customerId);
  const { token, expiresAt } = await deps.tokens.issue(
    { customerId, scope: 'pin' },
    PIN_TOKEN_SECONDS,
  );
  return {
    result: { token, customerId, scope: 'pin', expiresAt: expiresAt.toISOString() },
    usedGrant: false,
  };
}

/** Spec 7, email-one-time-pin and whatsapp-one-time-pin: a new pin replaces the last. */
export async function requestLoginPin(
  deps: AccountsDependencies,
  customerId: number,
  channel: PinChannel,
  asker: { ip: string; language: Locale },
): Promise<PinSent> {
  const { ip } = asker;
  // Reported after sendPin's transaction, which on PGlite holds the one connection.
  return reportingThrottle(
    deps,
    () => refusal(deps, customerId, 'send_throttled', ip, channel === 'email' ? 'email' : 'mobile'),
    () =>
      sendPin(deps, customerId, 'login', channel, asker, async (tx, customer) => {
        // A pin goes only to an address the customer logs in with, never to a contact detail.
        const canReceive = await repo.hasIdentity(
          tx,
          customerId,
          channel === 'email' ? 'email' : 'mobile',
        );
        if (!canReceive) return null;
        return channel === 'email'
          ? customer.email
          : customer.mobileNumber && toInternationalNumber(customer.mobileNumber, customer.country);
      }),
  );
}

/**
 * Spec 7, PUT email-one-time-pin?pin: true once, for the right pin within its time and tries.
 * A success also returns a short-lived grant that the next silent login turns into a session.
 */
export async function verifyLoginPin(
  deps: AccountsDependencies,
  customerId: number,
  pin: string,
  ip: string,
): Promise<{ verified: false } | { verified: true; grant: string }> {
  const { db } = deps;
  const now = () => new Date(deps.now());
  await reportingThrottle(
    deps,
    () => refusal(deps, customerId, 'verify_throttled', ip),
    () => limit(deps, `pin-check:ip:${ip}`, PIN_POLICY.checksPerIpPer10Minutes, 10 * 60_000),
  );
  // Every refusal below is the spec's false for the family, and an event for organisers.
  const refuse = async (reason: SignInEventReason, channel?: repo.Channel) => {
    await deps.signIns.record(await refusal(deps, customerId, reason, ip, channel));
    return { verified: false as const };
  };
  // An unknown customer answers like a wrong pin, so ids cannot be probed here.
  // Only a login pin: a contact pin went to an address that may be anyone's (decision 031).
  const challenge = await spendTry(db, customerId, 'login', now(), PIN_POLICY.maxWrongTries);
  if (!challenge) return refuse(await noTryReason(deps, customerId));
  const channel = challenge.channel === 'email' ? 'email' : 'mobile';
  if (!pinMatches(deps.pinSecret, customerId, pin, challenge.pinHash))
    return refuse('wrong_pin', channel);
  // Another request with the right pin used it a moment ago.
  if (!(await consumeChallenge(db, challenge.id, now()))) return refuse('no_pin');
  await repo.markIdentityVerified(db, customerId, channel, now());
  await audit(db, {
    actorCustomerId: customerId,
    action: 'login.pin_verified',
    entityType: 'customer',
    entityId: customerId,
  });
  const { token } = await deps.tokens.issue(
    { customerId, scope: 'grant', challengeId: challenge.id },
    PIN_POLICY.grantValidForSeconds,
  );
  return { verified: true, grant: token };
}
