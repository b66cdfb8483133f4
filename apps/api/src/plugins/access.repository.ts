import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema/index.ts';

/**
 * The role and name of a customer, read on every staff call (plugins/access.ts), with whether
 * an organiser deactivated them and which generation of sessions works (decision 019).
 */
export async function findRoleAndName(db: Database, customerId: number) {
  const [row] = await db
    .select({
      role: customers.role,
      firstName: customers.firstName,
      surname: customers.surname,
      deactivatedAt: customers.deactivatedAt,
      sessionGeneration: customers.sessionGeneration,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** What decides whether a session of the account still works (plugins/access.ts). */
export async function findSessionState(db: Database, customerId: number) {
  const [row] = await db
    .select({
      deactivatedAt: customers.deactivatedAt,
      sessionGeneration: customers.sessionGeneration,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}
