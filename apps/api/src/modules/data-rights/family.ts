import type { Database } from '../../db/client.ts';
import { toInternationalNumber } from '../accounts/index.ts';
import { provedAddresses } from '../accounts/index.ts';
import type { findCustomer } from './data-rights.repository.ts';
import {
  findContestants,
  findGroupParticipants,
  findLoginIdentities,
  findOrderItems,
  findOrders,
  type About,
  type Addresses,
} from './data-rights.repository.ts';

// Who a family is, for finding its records (decision 024).

export type Customer = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;

export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Whole addresses only (they are matched by equality, but a fragment is never one). */
const WHOLE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const WHOLE_MOBILE = /^\+?\d{6,15}$/;

/**
 * Who the family is, for finding its records in tables that hold no customer id: its records'
 * ids, and its own addresses (decision 024): only those it proved with a pin (decision 031),
 * its sign-in identities once a login pin reached them and its email and mobile once proved;
 * never a detail typed and not proved, a contestant's or an order's confirmation address,
 * which the family types for anyone (a stranger's number would take the stranger's messages
 * into the archive, and the erasure would delete them).
 */
export async function identify(tx: Database, customer: Customer) {
  const identities = await findLoginIdentities(tx, customer.id);
  const contestants = await findContestants(tx, customer.id);
  const orderRows = await findOrders(tx, customer.id);
  const orderIds = orderRows.map((o) => o.id);
  const itemRows = await findOrderItems(tx, orderIds);
  const members = await findGroupParticipants(
    tx,
    itemRows.map((i) => i.id),
  );
  const emails = new Set<string>();
  const mobiles = new Set<string>();
  const addEmail = (e: string | null | undefined) => {
    const email = e?.trim().toLowerCase();
    if (email && WHOLE_EMAIL.test(email)) emails.add(email);
  };
  const addMobile = (m: string | null | undefined) => {
    const mobile = m?.trim();
    if (!mobile || !WHOLE_MOBILE.test(mobile)) return;
    mobiles.add(mobile);
    if (!mobile.startsWith('+')) mobiles.add(toInternationalNumber(mobile, customer.country));
  };
  const proved = provedAddresses(customer);
  addEmail(proved.email);
  addMobile(proved.mobile);
  for (const i of identities) {
    if (!i.verifiedAt) continue;
    if (i.channel === 'email') addEmail(i.identifier);
    else addMobile(i.identifier);
  }
  const addresses: Addresses = { emails: [...emails], mobiles: [...mobiles] };
  const about: About = {
    customerId: customer.id,
    orderIds,
    orderItemIds: itemRows.map((i) => i.id),
    profileIds: contestants.map((c) => c.id),
  };
  return { identities, contestants, orderRows, itemRows, members, addresses, about };
}
