import {
  ACCOUNT_TEXT,
  normaliseIdentifier,
  type Customer,
  type CustomerAndUser,
  type Locale,
  type UpdateCustomer,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';
import { limit } from './accounts.refusals.ts';
import type { AccountsDependencies } from './accounts.service.ts';
import { toInternationalNumber } from './phone-numbers.ts';

// A family's account: whether one exists, registering it (spec 7), and My Profile (spec 6).

export function toCustomer(row: repo.CustomerRow): Customer {
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

export async function customerIdFor(db: Database, channel: repo.Channel, value: string) {
  const identifier = normaliseIdentifier(channel, value);
  return identifier ? repo.findCustomerIdByIdentity(db, channel, identifier) : undefined;
}

/** Spec 7, GET /api/Customers/search and GET /api/Authentication?username. */
export async function accountExists(
  deps: AccountsDependencies,
  query: { email?: string | undefined; mobileNumber?: string | undefined },
  ip: string,
) {
  await limit(deps, `lookup:ip:${ip}`, 60, 10 * 60_000);
  const byEmail = query.email ? await customerIdFor(deps.db, 'email', query.email) : undefined;
  const byMobile = query.mobileNumber
    ? await customerIdFor(deps.db, 'mobile', query.mobileNumber)
    : undefined;
  return byEmail !== undefined || byMobile !== undefined;
}

/** Spec 7, POST /api/Customers/CustomerAndUser: a customer and their login identities. */
export async function registerCustomer(
  deps: AccountsDependencies,
  input: CustomerAndUser,
  ip: string,
  language: Locale,
): Promise<number> {
  await limit(deps, `register:ip:${ip}`, 20, 60 * 60_000);
  // Only the identifier the family registers with becomes a login: a second, unverified one
  // would let whoever typed it log in to the account (and its children) later.
  const identities: { channel: repo.Channel; identifier: string }[] = input.email
    ? [{ channel: 'email', identifier: normaliseIdentifier('email', input.email) }]
    : [{ channel: 'mobile', identifier: normaliseIdentifier('mobile', input.mobileNumber) }];
  const id = await repo.insertCustomerWithIdentities(
    deps.db,
    {
      firstName: input.firstName,
      surname: input.surname,
      email: input.email || null,
      mobileNumber: input.mobileNumber || null,
      country: input.country,
      // The language the family registered in: what the server sends them follows it.
      language,
    },
    identities,
  );
  if (id === undefined) throw new AppError(409, 'ACCOUNT_EXISTS', ACCOUNT_TEXT.say('userExists'));
  await audit(deps.db, {
    actorCustomerId: id,
    action: 'customer.registered',
    entityType: 'customer',
    entityId: id,
  });
  return id;
}

/** My Profile: names and country change; email and mobile number never do here (spec 6). */
export async function updateCustomer(
  { db }: AccountsDependencies,
  customerId: number,
  update: UpdateCustomer,
): Promise<Customer> {
  const current = await repo.findCustomer(db, customerId);
  if (!current) throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
  const changes = (sent: string | null | undefined, stored: string | null, channel: repo.Channel) =>
    Boolean(sent) &&
    normaliseIdentifier(channel, sent ?? '') !== normaliseIdentifier(channel, stored ?? '');
  if (
    changes(update.email, current.email, 'email') ||
    changes(update.mobileNumber, current.mobileNumber, 'mobile')
  ) {
    throw badRequest('IDENTITY_NOT_EDITABLE', ACCOUNT_TEXT.say('identityNotEditable'));
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
}
