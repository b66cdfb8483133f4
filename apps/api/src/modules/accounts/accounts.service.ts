import {
  ACCOUNT_MESSAGES,
  CONTACT_MESSAGES,
  type Contact,
  DEACTIVATION_MESSAGES,
  isStaffRole,
  noAccountMessage,
  normaliseIdentifier,
  type Customer,
  type CustomerAndUser,
  type LoginResult,
  type PinSent,
  type SignInEventReason,
  type UpdateCustomer,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter.ts';
import type { Outbox } from '../outbox/index.ts';
import type { SignInRefusal, SignInsService } from '../sign-ins/index.ts';
import * as repo from './accounts.repository.ts';
import { maskForStaff, maskRecipient, toInternationalNumber } from './phone-numbers.ts';
import {
  CONTACT_PIN_EMAIL_SUBJECT,
  PIN_EMAIL_SUBJECT,
  PIN_POLICY,
  generatePin,
  hashPin,
  pinMatches,
} from './pins.ts';
import { provedAddresses } from './proved-addresses.ts';

export interface AccountsDependencies {
  db: Database;
  tokens: TokenService;
  limiter: RateLimiter;
  outbox: Outbox;
  /** Where refused pin checks and sends are reported (decision 032). */
  signIns: Pick<SignInsService, 'record'>;
  pinSecret: string;
  sessionHours: number;
  now: () => number;
}

export type PinChannel = 'email' | 'whatsapp';
export type AccountsService = ReturnType<typeof createAccountsService>;

const PIN_TOKEN_SECONDS = 15 * 60;

function tooMany(retryAfterMs: number, message?: string): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    429,
    'RATE_LIMITED',
    message ??
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    Math.ceil(retryAfterMs / 1000),
  );
}

function toCustomer(row: repo.CustomerRow): Customer {
  return {
    customerId: row.id,
    firstName: row.firstName,
    surname: row.surname,
    email: row.email,
    mobileNumber: row.mobileNumber,
    country: row.country,
    emailVerified: row.email !== null && row.emailVerifiedAt !== null,
    mobileNumberVerified: row.mobileNumber !== null && row.mobileVerifiedAt !== null,
  };
}

/** The account's email, or its mobile number in international form, as a pin is sent to it. */
function contactAddress(row: repo.CustomerRow, contact: Contact): string | null {
  if (contact === 'email') return row.email;
  return row.mobileNumber && toInternationalNumber(row.mobileNumber, row.country);
}

/** Passwordless accounts: registration, one-time pins, sessions (spec 4; decision 004). */
export function createAccountsService(deps: AccountsDependencies) {
  const { db, tokens, limiter, outbox, signIns } = deps;
  const now = () => new Date(deps.now());

  /**
   * A refused pin check or send as organisers see it: the account when it exists, with its
   * sign-in address for `channel` (else its first) masked. Never the pin.
   */
  async function refusal(
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
  async function reportingThrottle<T>(
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
  async function noTryReason(customerId: number): Promise<SignInEventReason> {
    const last = await repo.latestChallenge(db, customerId, 'login');
    if (!last || last.consumedAt || last.supersededAt) return 'no_pin';
    if (last.failedAttempts >= PIN_POLICY.maxWrongTries) return 'too_many_tries';
    return last.expiresAt.getTime() <= deps.now() ? 'expired_pin' : 'no_pin';
  }

  async function limit(key: string, max: number, windowMs: number, message?: string) {
    const result = await limiter.hit(key, max, windowMs);
    if (!result.allowed) throw tooMany(result.retryAfterMs, message);
  }

  async function customerIdFor(channel: repo.Channel, value: string) {
    const identifier = normaliseIdentifier(channel, value);
    return identifier ? repo.findCustomerIdByIdentity(db, channel, identifier) : undefined;
  }

  /**
   * Sends a new pin of `purpose` by `channel` to the address `addressOf` picks (null: none),
   * with the customer's row locked, after the resend wait and the hourly limits (decision 004).
   */
  async function sendPin(
    customerId: number,
    purpose: repo.PinPurpose,
    channel: PinChannel,
    ip: string,
    addressOf: (tx: repo.Executor, customer: repo.CustomerRow) => Promise<string | null>,
  ): Promise<PinSent> {
    await limit(`pin-send:ip:${ip}`, PIN_POLICY.sendsPerIpPerHour, 60 * 60_000);
    const sent = await repo.withCustomerLocked(db, customerId, async (tx, customer) => {
      if (!customer)
        throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
      const to = await addressOf(tx, customer);
      if (!to) {
        throw badRequest(
          'NO_ADDRESS_FOR_CHANNEL',
          channel === 'email'
            ? 'This account has no email address. Please log in with your mobile number.'
            : 'This account has no mobile number. Please log in with your email address.',
        );
      }
      const last = await repo.latestChallenge(tx, customerId, purpose);
      // The wait is between resends of an open code; once a code has been used, a new login
      // (after logging out, say) gets a code at once. The hourly limit still holds.
      const waitMs =
        last && !last.consumedAt
          ? last.createdAt.getTime() + PIN_POLICY.resendAfterMs - deps.now()
          : 0;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(
          429,
          'PIN_RESEND_TOO_SOON',
          `Please wait ${seconds} seconds before asking for a new code.`,
          seconds,
        );
      }
      await limit(
        `pin-send:customer:${customerId}`,
        PIN_POLICY.sendsPerCustomerPerHour,
        60 * 60_000,
      );
      const pin = generatePin();
      const createdAt = now();
      await repo.replaceChallenge(tx, {
        customerId,
        channel,
        purpose,
        sentTo: purpose === 'contact' ? to : null,
        pinHash: hashPin(deps.pinSecret, customerId, pin),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + PIN_POLICY.validForMs),
      });
      return { to, pin };
    });
    if (channel === 'email') {
      await outbox.enqueuePinEmail(
        sent.to,
        purpose === 'login' ? PIN_EMAIL_SUBJECT : CONTACT_PIN_EMAIL_SUBJECT,
        purpose === 'login'
          ? `Your one-time pin is ${sent.pin}.\n\nIt is valid for 10 minutes and works once. If you did not ask for it, you can ignore this email.`
          : `Your one-time pin is ${sent.pin}.\n\nEnter it on My Profile to confirm that this email address is yours. It is valid for 10 minutes. If you did not ask for it, you can ignore this email.`,
      );
    } else {
      await outbox.enqueueWhatsAppCode(
        sent.to,
        sent.pin,
        `${sent.pin} is your Online Eisteddfod verification code. For your security, do not share this code.`,
      );
    }
    await audit(db, {
      actorCustomerId: customerId,
      action: purpose === 'login' ? 'login.pin_sent' : 'customer.contact_pin_sent',
      entityType: 'customer',
      entityId: customerId,
      details: { channel },
    });
    return {
      channel,
      sentTo: maskRecipient(channel, sent.to),
      resendAfterSeconds: PIN_POLICY.resendAfterMs / 1000,
    };
  }

  return {
    /** Spec 7, GET /api/Customers/search and GET /api/Authentication?username. */
    async accountExists(
      query: { email?: string | undefined; mobileNumber?: string | undefined },
      ip: string,
    ) {
      await limit(`lookup:ip:${ip}`, 60, 10 * 60_000);
      const byEmail = query.email ? await customerIdFor('email', query.email) : undefined;
      const byMobile = query.mobileNumber
        ? await customerIdFor('mobile', query.mobileNumber)
        : undefined;
      return byEmail !== undefined || byMobile !== undefined;
    },

    /** Spec 7, POST /api/Customers/CustomerAndUser: a customer and their login identities. */
    async registerCustomer(input: CustomerAndUser, ip: string): Promise<number> {
      await limit(`register:ip:${ip}`, 20, 60 * 60_000);
      // Only the identifier the family registers with becomes a login: a second, unverified one
      // would let whoever typed it log in to the account (and its children) later.
      const identities: { channel: repo.Channel; identifier: string }[] = input.email
        ? [{ channel: 'email', identifier: normaliseIdentifier('email', input.email) }]
        : [{ channel: 'mobile', identifier: normaliseIdentifier('mobile', input.mobileNumber) }];
      const id = await repo.insertCustomerWithIdentities(
        db,
        {
          firstName: input.firstName,
          surname: input.surname,
          email: input.email || null,
          mobileNumber: input.mobileNumber || null,
          country: input.country,
        },
        identities,
      );
      if (id === undefined) throw new AppError(409, 'ACCOUNT_EXISTS', ACCOUNT_MESSAGES.userExists);
      await audit(db, {
        actorCustomerId: id,
        action: 'customer.registered',
        entityType: 'customer',
        entityId: id,
      });
      return id;
    },

    /**
     * Spec 7, SilentLogin. Without a grant it yields a 'pin' token that can only ask for a pin.
     * With the grant cookie of a pin verified moments ago it yields the full session.
     */
    async silentLogin(
      login: { username: string; isMobile: boolean },
      grantToken: string | undefined,
      ip: string,
    ): Promise<{ result: LoginResult; usedGrant: boolean }> {
      await limit(`login:ip:${ip}`, 60, 10 * 60_000);
      const customerId = await customerIdFor(login.isMobile ? 'mobile' : 'email', login.username);
      if (customerId === undefined)
        throw notFound('ACCOUNT_NOT_FOUND', noAccountMessage(login.username));
      const grant = grantToken ? await tokens.verify(grantToken, ['grant']) : undefined;
      const isGrantFor =
        grant?.customerId === customerId &&
        grant.challengeId !== undefined &&
        (await repo.useGrant(db, grant.challengeId, customerId, now()));
      if (isGrantFor) {
        // Staff sessions carry their role as a hint for the web app's menu (decision 008).
        const account = await repo.findCustomer(db, customerId);
        const role = account?.role;
        // A member of staff an organiser deactivated signs in no more (decision 019). Told only
        // now, after the pin proved the address is theirs, so no one learns it by typing it.
        if (isStaffRole(role) && account?.deactivatedAt) {
          throw new AppError(403, 'STAFF_DEACTIVATED', DEACTIVATION_MESSAGES.deactivated);
        }
        const { token, expiresAt } = await tokens.issue(
          {
            customerId,
            scope: 'session',
            ...(isStaffRole(role) ? { role } : {}),
            // The session works while this is the account's generation (decision 019).
            generation: account?.sessionGeneration ?? 0,
          },
          deps.sessionHours * 3600,
        );
        await audit(db, {
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
      const { token, expiresAt } = await tokens.issue(
        { customerId, scope: 'pin' },
        PIN_TOKEN_SECONDS,
      );
      return {
        result: { token, customerId, scope: 'pin', expiresAt: expiresAt.toISOString() },
        usedGrant: false,
      };
    },

    /** Spec 7, email-one-time-pin and whatsapp-one-time-pin: a new pin replaces the last. */
    async requestLoginPin(customerId: number, channel: PinChannel, ip: string): Promise<PinSent> {
      // Reported after sendPin's transaction, which on PGlite holds the one connection.
      return reportingThrottle(
        () => refusal(customerId, 'send_throttled', ip, channel === 'email' ? 'email' : 'mobile'),
        () =>
          sendPin(customerId, 'login', channel, ip, async (tx, customer) => {
            // A pin goes only to an address the customer logs in with, never to a contact detail.
            const canReceive = await repo.hasIdentity(
              tx,
              customerId,
              channel === 'email' ? 'email' : 'mobile',
            );
            if (!canReceive) return null;
            return channel === 'email'
              ? customer.email
              : customer.mobileNumber &&
                  toInternationalNumber(customer.mobileNumber, customer.country);
          }),
      );
    },

    /**
     * My Profile: a pin to the account's email or mobile number that it has not proved yet
     * (decision 031). It proves that address only; it never becomes a session. With a
     * `mobileNumber` (the checkout, decision 050) the pin goes to that number instead, which the
     * account takes only once the pin comes back; never over a proved number.
     */
    async requestContactPin(
      customerId: number,
      contact: Contact,
      ip: string,
      mobileNumber?: string,
    ): Promise<PinSent> {
      const channel: PinChannel = contact === 'email' ? 'email' : 'whatsapp';
      return sendPin(customerId, 'contact', channel, ip, async (tx, customer) => {
        if (mobileNumber !== undefined) {
          // The number the family signs in with is proved by its login pin, and stays.
          if (
            provedAddresses(customer).mobile ||
            (await repo.hasIdentity(tx, customerId, 'mobile'))
          )
            throw new AppError(409, 'CONTACT_VERIFIED', CONTACT_MESSAGES.mobileConfirmed);
          return toInternationalNumber(mobileNumber, customer.country);
        }
        if (contactAddress(customer, contact) === null) return null;
        if (provedAddresses(customer)[contact === 'email' ? 'email' : 'mobile']) {
          throw new AppError(409, 'CONTACT_VERIFIED', CONTACT_MESSAGES.alreadyVerified);
        }
        return contactAddress(customer, contact);
      });
    },

    /**
     * My Profile: true once for the right contact pin, which proves that address. With the
     * `mobileNumber` the pin was sent to (decision 050), the right pin also puts that number on
     * the account.
     */
    async verifyContactPin(
      customerId: number,
      contact: Contact,
      pin: string,
      ip: string,
      mobileNumber?: string,
    ): Promise<boolean> {
      await limit(`pin-check:ip:${ip}`, PIN_POLICY.checksPerIpPer10Minutes, 10 * 60_000);
      const challenge = await repo.spendTry(
        db,
        customerId,
        'contact',
        now(),
        PIN_POLICY.maxWrongTries,
      );
      if (!challenge) return false;
      if (challenge.channel !== (contact === 'email' ? 'email' : 'whatsapp')) return false;
      if (!pinMatches(deps.pinSecret, customerId, pin, challenge.pinHash)) return false;
      // The pin proves the address it went to, not one the account holds since, nor another
      // number typed since: only the latest pin is open, and it names its number.
      const customer = await repo.findCustomer(db, customerId);
      if (!customer) return false;
      const address =
        mobileNumber === undefined
          ? contactAddress(customer, contact)
          : toInternationalNumber(mobileNumber, customer.country);
      if (address !== challenge.sentTo) return false;
      const verified = {
        actorCustomerId: customerId,
        action: 'customer.contact_verified',
        entityType: 'customer',
        entityId: customerId,
      };
      if (mobileNumber !== undefined) {
        const outcome = await repo.addProvedMobile(
          db,
          {
            customerId,
            challengeId: challenge.id,
            mobileNumber,
            now: now(),
            country: customer.country,
          },
          (tx) => audit(tx, { ...verified, details: { contact, added: true } }),
        );
        if (outcome === 'proved')
          throw new AppError(409, 'CONTACT_VERIFIED', CONTACT_MESSAGES.mobileConfirmed);
        return outcome === 'added';
      }
      if (!(await repo.consumeChallenge(db, challenge.id, now()))) return false;
      const marked = await repo.markContactVerified(
        db,
        customerId,
        contact === 'email' ? 'email' : 'mobile',
        now(),
        customer.country,
      );
      if (!marked) return false;
      await audit(db, { ...verified, details: { contact } });
      return true;
    },

    /** The account's proved email and mobile number, the only ones written to (decision 031). */
    async provedAddresses(customerId: number) {
      const row = await repo.findCustomer(db, customerId);
      return row ? provedAddresses(row) : { email: null, mobile: null };
    },

    /**
     * Spec 7, PUT email-one-time-pin?pin: true once, for the right pin within its time and tries.
     * A success also returns a short-lived grant that the next silent login turns into a session.
     */
    async verifyLoginPin(
      customerId: number,
      pin: string,
      ip: string,
    ): Promise<{ verified: false } | { verified: true; grant: string }> {
      await reportingThrottle(
        () => refusal(customerId, 'verify_throttled', ip),
        () => limit(`pin-check:ip:${ip}`, PIN_POLICY.checksPerIpPer10Minutes, 10 * 60_000),
      );
      // Every refusal below is the spec's false for the family, and an event for organisers.
      const refuse = async (reason: SignInEventReason, channel?: repo.Channel) => {
        await signIns.record(await refusal(customerId, reason, ip, channel));
        return { verified: false as const };
      };
      // An unknown customer answers like a wrong pin, so ids cannot be probed here.
      // Only a login pin: a contact pin went to an address that may be anyone's (decision 031).
      const challenge = await repo.spendTry(
        db,
        customerId,
        'login',
        now(),
        PIN_POLICY.maxWrongTries,
      );
      if (!challenge) return refuse(await noTryReason(customerId));
      const channel = challenge.channel === 'email' ? 'email' : 'mobile';
      if (!pinMatches(deps.pinSecret, customerId, pin, challenge.pinHash))
        return refuse('wrong_pin', channel);
      // Another request with the right pin used it a moment ago.
      if (!(await repo.consumeChallenge(db, challenge.id, now()))) return refuse('no_pin');
      await repo.markIdentityVerified(db, customerId, channel, now());
      await audit(db, {
        actorCustomerId: customerId,
        action: 'login.pin_verified',
        entityType: 'customer',
        entityId: customerId,
      });
      const { token } = await tokens.issue(
        { customerId, scope: 'grant', challengeId: challenge.id },
        PIN_POLICY.grantValidForSeconds,
      );
      return { verified: true, grant: token };
    },

    async getCustomer(customerId: number): Promise<Customer> {
      const row = await repo.findCustomer(db, customerId);
      if (!row) throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
      return toCustomer(row);
    },

    /** My Profile: names and country change; email and mobile number never do here (spec 6). */
    async updateCustomer(customerId: number, update: UpdateCustomer): Promise<Customer> {
      const current = await repo.findCustomer(db, customerId);
      if (!current)
        throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
      const changes = (
        sent: string | null | undefined,
        stored: string | null,
        channel: repo.Channel,
      ) =>
        Boolean(sent) &&
        normaliseIdentifier(channel, sent ?? '') !== normaliseIdentifier(channel, stored ?? '');
      if (
        changes(update.email, current.email, 'email') ||
        changes(update.mobileNumber, current.mobileNumber, 'mobile')
      ) {
        throw badRequest(
          'IDENTITY_NOT_EDITABLE',
          'Your email address and mobile number cannot be changed here.',
        );
      }
      const row = await repo.updateCustomerDetails(
        db,
        customerId,
        { firstName: update.firstName, surname: update.surname, country: update.country },
        // A pin proved an international number: the stored digits read in the new country must
        // still be it, or nothing personal goes to it until a new pin (security review of 050).
        (before) =>
          before.mobileNumber === null ||
          toInternationalNumber(before.mobileNumber, before.country) ===
            toInternationalNumber(before.mobileNumber, update.country),
      );
      if (!row) throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
      await audit(db, {
        actorCustomerId: customerId,
        action: 'customer.updated',
        entityType: 'customer',
        entityId: customerId,
      });
      return toCustomer(row);
    },
  };
}
