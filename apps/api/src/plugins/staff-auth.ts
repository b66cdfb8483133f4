import { isStaffRole, type StaffRole } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customers } from '../db/schema/index.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { requireSession } from './auth.ts';

export interface StaffCaller {
  customerId: number;
  role: StaffRole;
  firstName: string;
  surname: string;
}

/** What a family (or anyone without a staff role) gets from every staff route. */
export const staffRouteHidden = () => notFound('NOT_FOUND', 'There is nothing at this address.');

/**
 * The signed-in member of staff, when their role (read from the database on every call, never
 * from the token or the client) is one of `roles`. Without a session: 401. A family's session:
 * 404, as if staff routes did not exist. Staff of another role: 403
 * (docs/decisions/008-adjudication.md).
 */
export async function requireStaff(
  app: FastifyInstance,
  request: FastifyRequest,
  roles: readonly StaffRole[],
): Promise<StaffCaller> {
  const claims = await requireSession(app.tokens, request);
  const [row] = await app.db
    .select({
      role: customers.role,
      firstName: customers.firstName,
      surname: customers.surname,
    })
    .from(customers)
    .where(eq(customers.id, claims.customerId));
  if (!row || !isStaffRole(row.role)) throw staffRouteHidden();
  if (!roles.includes(row.role)) {
    throw new AppError(403, 'FORBIDDEN', 'Your staff role does not allow this.');
  }
  return {
    customerId: claims.customerId,
    role: row.role,
    firstName: row.firstName,
    surname: row.surname,
  };
}
