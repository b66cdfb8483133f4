import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customers, loginIdentities, pinChallenges } from '../../db/schema/index.ts';
import { toInternationalNumber } from './phone-numbers.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type Channel = 'email' | 'mobile';
export type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

export async function findCustomerIdByIdentity(
  db: Database,
  channel: Channel,
  identifier: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: loginIdentities.customerId })
    .from(loginIdentities)
    .where(and(eq(loginIdentities.channel, channel), eq(loginIdentities.identifier, identifier)));
  return row?.customerId;
}

export async function findCustomer(db: Executor, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/**
 * Creates the customer and their login identities together; returns undefined when an identity
 * belongs to someone already (the unique index decides, so concurrent sign-ups cannot both win).
 */
export async function insertCustomerWithIdentities(
  db: Database,
  customer: typeof customers.$inferInsert,
  identities: { channel: Channel; identifier: string }[],
): Promise<number | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx.insert(customers).values(customer).returning({ id: customers.id });
      if (!created) throw new Error('The customer was not created');
      await tx
        .insert(loginIdentities)
        .values(identities.map((i) => ({ ...i, customerId: created.id })));
      return created.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/** The language the account reads (decision 069); false when there is no such account. */
export async function setCustomerLanguage(
  db: Database,
  id: number,
  language: string,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ language, updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/**
 * Names and country, with the row locked: `mobileStillProved` tells from the row as it was
 * whether its proved mobile number is still the number a pin reached (a country is part of the
 * number: the same digits in another country are someone else's); if not, it is unproved.
 */
export async function updateCustomerDetails(
  db: Database,
  id: number,
  details: Pick<CustomerRow, 'firstName' | 'surname' | 'country'>,
  mobileStillProved: (before: CustomerRow) => boolean,
): Promise<CustomerRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) return undefined;
    const [row] = await tx
      .update(customers)
      .set({
        ...details,
        ...(mobileStillProved(before) ? {} : { mobileVerifiedAt: null }),
        updatedAt: new Date(),
      })
      .where(eq(customers.id, id))
      .returning();
    // A sign-in mobile is kept as national digits and read in the account's country: proved in
    // one country, it is another number in the next, so it is proved again by its next pin
    // (security review, stop 51: a +44 number became a parent's +27 one and accepted the
    // invitation sent to it).
    const mobiles = await tx
      .select()
      .from(loginIdentities)
      .where(and(eq(loginIdentities.customerId, id), eq(loginIdentities.channel, 'mobile')));
    for (const m of mobiles)
      if (
        m.verifiedAt &&
        toInternationalNumber(m.identifier, before.country) !==
          toInternationalNumber(m.identifier, details.country)
      )
        await tx
          .update(loginIdentities)
          .set({ verifiedAt: null })
          .where(eq(loginIdentities.id, m.id));
    return row;
  });
}

/**
 * Runs `work` with the customer's row locked, so that two pin requests for one customer at the
 * same moment cannot both pass the resend interval.
 */
export async function withCustomerLocked<T>(
  db: Database,
  customerId: number,
  work: (tx: Executor, customer: CustomerRow | undefined) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    return work(tx, customer);
  });
}

export async function hasIdentity(
  db: Executor,
  customerId: number,
  channel: Channel,
): Promise<boolean> {
  const [row] = await db
    .select({ id: loginIdentities.id })
    .from(loginIdentities)
    .where(and(eq(loginIdentities.customerId, customerId), eq(loginIdentities.channel, channel)));
  return row !== undefined;
}

/**
 * A login pin proved the identity, and so the account's email or mobile number: registration
 * writes both from the same input and neither changes (decision 031).
 */
export async function markIdentityVerified(
  db: Database,
  customerId: number,
  channel: Channel,
  now: Date,
): Promise<void> {
  await db
    .update(loginIdentities)
    .set({ verifiedAt: now })
    .where(
      and(
        eq(loginIdentities.customerId, customerId),
        eq(loginIdentities.channel, channel),
        isNull(loginIdentities.verifiedAt),
      ),
    );
  await markContactVerified(db, customerId, channel, now);
}

/**
 * The account's email or mobile number is proved, from `now` (kept if proved already); with
 * `country`, only if the account is still in the country it was in when the pin was checked (the
 * same digits in another country are another number); false when nothing was marked.
 */
export async function markContactVerified(
  db: Database,
  customerId: number,
  channel: Channel,
  now: Date,
  country?: string,
): Promise<boolean> {
  const column = channel === 'email' ? customers.emailVerifiedAt : customers.mobileVerifiedAt;
  const value = channel === 'email' ? customers.email : customers.mobileNumber;
  const marked = await db
    .update(customers)
    .set(channel === 'email' ? { emailVerifiedAt: now } : { mobileVerifiedAt: now })
    .where(
      and(
        eq(customers.id, customerId),
        isNull(column),
        isNotNull(value),
        ...(channel === 'mobile' && country !== undefined ? [eq(customers.country, country)] : []),
      ),
    )
    .returning({ id: customers.id });
  return marked.length === 1;
}

/**
 * Puts a mobile number a contact pin proved on the account (decision 050), in one transaction
 * with the pin's use and `within` (the audit entry): 'proved' when the account has a proved
 * number, or signs in with a mobile number, by now (it is never replaced), 'pin_used' when
 * another request used the pin first.
 */
export async function addProvedMobile(
  db: Database,
  change: {
    customerId: number;
    challengeId: number;
    mobileNumber: string;
    now: Date;
    /** The account's country when the pin was checked: the number it proved is in it. */
    country: string;
  },
  within: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<void>,
): Promise<'added' | 'proved' | 'pin_used'> {
  const { customerId, challengeId, mobileNumber, now, country } = change;
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    // A country changed since the check would make the digits another number than the pin's.
    if (!customer || customer.country !== country) return 'pin_used';
    const proved = customer.mobileNumber !== null && customer.mobileVerifiedAt !== null;
    if (proved || (await hasIdentity(tx, customerId, 'mobile'))) return 'proved';
    const used = await tx
      .update(pinChallenges)
      .set({ consumedAt: now, failedAttempts: sql`${pinChallenges.failedAttempts} - 1` })
      .where(and(eq(pinChallenges.id, challengeId), isNull(pinChallenges.consumedAt)))
      .returning({ id: pinChallenges.id });
    if (used.length !== 1) return 'pin_used';
    await tx
      .update(customers)
      .set({ mobileNumber, mobileVerifiedAt: now, updatedAt: now })
      .where(eq(customers.id, customerId));
    await within(tx);
    return 'added';
  });
}

/** Gives a customer a role (staff accounts: operator actions and invitations). */
export async function setRole(
  db: Database,
  customerId: number,
  role: CustomerRow['role'],
): Promise<void> {
  await db
    .update(customers)
    .set({ role, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}

/** An account's sign-in addresses, oldest first (the family desk's page, the data archive). */
export const findLoginIdentities = (db: Database, customerId: number) =>
  db
    .select({
      channel: loginIdentities.channel,
      identifier: loginIdentities.identifier,
      verifiedAt: loginIdentities.verifiedAt,
    })
    .from(loginIdentities)
    .where(eq(loginIdentities.customerId, customerId))
    .orderBy(asc(loginIdentities.id));
