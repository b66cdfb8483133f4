import { normaliseIdentifier } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { findCustomer, findLoginIdentities } from './accounts.repository.ts';
import { toInternationalNumber } from './phone-numbers.ts';
import { provedAddresses } from './proved-addresses.ts';

/** An address an account proved with a pin, as addresses are compared across accounts. */
export interface ProvedAddress {
  channel: 'email' | 'mobile';
  /** An email folded; a mobile number international (+27…): its country is part of it. */
  address: string;
}

/**
 * Every address the account proved with a pin (decision 031): its verified sign-in identities
 * and its contact details proved on My Profile. A sign-in mobile number is kept as national
 * digits; it is read in the account's country, as its pins are sent.
 */
export async function findProvedAddresses(
  db: Database,
  customerId: number,
): Promise<ProvedAddress[]> {
  const c = await findCustomer(db, customerId);
  if (!c) return [];
  const proved: ProvedAddress[] = [];
  for (const i of await findLoginIdentities(db, customerId)) {
    if (!i.verifiedAt) continue;
    proved.push({
      channel: i.channel,
      address:
        i.channel === 'email'
          ? normaliseIdentifier('email', i.identifier)
          : toInternationalNumber(i.identifier, c.country),
    });
  }
  const details = provedAddresses(c);
  if (details.email)
    proved.push({ channel: 'email', address: normaliseIdentifier('email', details.email) });
  if (details.mobile) proved.push({ channel: 'mobile', address: details.mobile });
  return proved;
}

/**
 * The mailbox an email address delivers to, as far as its form tells: without a `+tag`, and for
 * Gmail without its dots (security review, stop 51: `me+teach@…` reached the organiser's own
 * inbox and passed for someone else).
 */
function mailbox(address: ProvedAddress): string {
  if (address.channel !== 'email') return address.address;
  const at = address.address.lastIndexOf('@');
  let local = address.address.slice(0, at).split('+')[0]!;
  let domain = address.address.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** Whether two accounts proved one same address: likely one person, whatever the accounts say. */
export async function shareProvedAddress(db: Database, a: number, b: number): Promise<boolean> {
  const theirs = await findProvedAddresses(db, b);
  return (await findProvedAddresses(db, a)).some((p) =>
    theirs.some((q) => q.channel === p.channel && mailbox(q) === mailbox(p)),
  );
}
