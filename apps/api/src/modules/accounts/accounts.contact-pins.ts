import { ACCOUNT_TEXT, type Contact, type Locale, type PinSent } from '@eisteddfod/shared';
import { audit } from '../../lib/audit.repository.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';
import { limit } from './accounts.refusals.ts';
import { sendPin } from './accounts.send-pin.ts';
import type { AccountsDependencies, PinChannel } from './accounts.service.ts';
import { toInternationalNumber } from './phone-numbers.ts';
import { consumeChallenge, spendTry } from './pin-challenges.repository.ts';
import { PIN_POLICY, pinMatches } from './pins.ts';
import { provedAddresses } from './proved-addresses.ts';

// My Profile's pins (decision 031) and the checkout's (decision 050): a pin that proves an
// address, never a session.

/** The account's email, or its mobile number in international form, as a pin is sent to it. */
function contactAddress(row: repo.CustomerRow, contact: Contact): string | null {
  if (contact === 'email') return row.email;
  return row.mobileNumber && toInternationalNumber(row.mobileNumber, row.country);
}

/**
 * My Profile: a pin to the account's email or mobile number that it has not proved yet
 * (decision 031). It proves that address only; it never becomes a session. With a
 * `mobileNumber` (the checkout, decision 050) the pin goes to that number instead, which the
 * account takes only once the pin comes back; never over a proved number.
 */
export async function requestContactPin(
  deps: AccountsDependencies,
  customerId: number,
  contact: Contact,
  asker: { ip: string; language: Locale },
  mobileNumber?: string,
): Promise<PinSent> {
  const channel: PinChannel = contact === 'email' ? 'email' : 'whatsapp';
  return sendPin(deps, customerId, 'contact', channel, asker, async (tx, customer) => {
    if (mobileNumber !== undefined) {
      // The number the family signs in with is proved by its login pin, and stays.
      if (provedAddresses(customer).mobile || (await repo.hasIdentity(tx, customerId, 'mobile')))
        throw new AppError(409, 'CONTACT_VERIFIED', ACCOUNT_TEXT.say('mobileConfirmed'));
      return toInternationalNumber(mobileNumber, customer.country);
    }
    if (contactAddress(customer, contact) === null) return null;
    if (provedAddresses(customer)[contact === 'email' ? 'email' : 'mobile']) {
      throw new AppError(409, 'CONTACT_VERIFIED', ACCOUNT_TEXT.say('contactAlreadyVerified'));
    }
    return contactAddress(customer, contact);
  });
}

/**
 * My Profile: true once for the right contact pin, which proves that address. With the
 * `mobileNumber` the pin was sent to (decision 050), the right pin also puts that number on
 * the account.
 */
export async function verifyContactPin(
  deps: AccountsDependencies,
  customerId: number,
  contact: Contact,
  pin: string,
  ip: string,
  mobileNumber?: string,
): Promise<boolean> {
  const { db } = deps;
  const now = () => new Date(deps.now());
  await limit(deps, `pin-check:ip:${ip}`, PIN_POLICY.checksPerIpPer10Minutes, 10 * 60_000);
  const challenge = await spendTry(db, customerId, 'contact', now(), PIN_POLICY.maxWrongTries);
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
      throw new AppError(409, 'CONTACT_VERIFIED', ACCOUNT_TEXT.say('mobileConfirmed'));
    return outcome === 'added';
  }
  if (!(await consumeChallenge(db, challenge.id, now()))) return false;
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
}
