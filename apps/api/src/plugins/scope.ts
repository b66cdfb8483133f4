import {
  ACTION_ROWS,
  reachOf,
  type ScopedRows,
  type StaffAction,
  type StaffRole,
} from '@eisteddfod/shared';
import type { FastifyRequest } from 'fastify';
import { staffOf, type Caller, type StaffMember } from './access.ts';

/**
 * Which rows a staff call may read or change (docs/decisions/056-permissions-and-row-scope.md).
 * A route asks `scopeOf(request, kind)` and hands the scope to its service, whose repository
 * turns it into a condition (`entriesIn`, `familiesIn`, `paymentsIn`). 'any' adds none.
 */
export type EntryScope =
  | { kind: 'any' }
  /** Blind marking: the entries assigned to this adjudicator that no conflict of theirs touches. */
  | { kind: 'assigned'; adjudicatorId: number };
export type FamilyScope = { kind: 'any' };
export type PaymentScope = { kind: 'any' };

export interface RowScopes {
  entries: EntryScope;
  families: FamilyScope;
  payments: PaymentScope;
}

type Member = Caller & { staff: StaffMember };
type OwnRules = { [K in ScopedRows]: Partial<Record<StaffRole, (member: Member) => RowScopes[K]>> };

/**
 * What a role's own rows are, per kind of row: the one place a new role's reach is written. A
 * role granted 'own' over a kind with no rule here cannot be used (scope.test.ts checks every
 * grant, so it fails before it ships).
 */
export const OWN_ROWS: OwnRules = {
  entries: {
    adjudicator: (member) => ({ kind: 'assigned', adjudicatorId: member.customerId }),
  },
  families: {},
  payments: {},
};

/**
 * The scope of the caller of a `{ staff: action }` route over `rows`, from their role's reach
 * for that action. Asking for rows the action does not read is a bug in the route.
 */
export function scopeOf<K extends ScopedRows>(request: FastifyRequest, rows: K): RowScopes[K] {
  const { access } = request.routeOptions.config;
  const where = request.routeOptions.url ?? request.url;
  if (typeof access !== 'object') throw new Error(`${where} is no staff route`);
  return scopeFor(staffOf(request), access.staff, rows, where);
}

/** `scopeOf` without a request: a member's scope for an action over rows. */
export function scopeFor<K extends ScopedRows>(
  member: Member,
  action: StaffAction,
  rows: K,
  where: string = action,
): RowScopes[K] {
  if (!Object.hasOwn(ACTION_ROWS, action) || ACTION_ROWS[action] !== rows)
    throw new Error(`${where}: ${action} does not read ${rows}`);
  const { role } = member.staff;
  const reach = reachOf(role, action);
  if (reach === undefined) throw new Error(`${where}: a ${role} may not ${action}`);
  if (reach === 'any') return { kind: 'any' } as RowScopes[K];
  const rule = OWN_ROWS[rows][role];
  if (!rule) throw new Error(`${where}: no rule says which ${rows} are a ${role}'s`);
  return rule(member);
}
