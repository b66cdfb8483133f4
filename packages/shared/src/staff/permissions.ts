import { STAFF_ROLES, type StaffRole } from './staff.rules.ts';

/**
 * What a member of staff may do, as data (docs/decisions/056-permissions-and-row-scope.md).
 * Every staff call names one action (`{ staff: 'mark:entries' }`), every staff screen too, and
 * each role is granted actions over its own rows or any (epic-stack's `action:entity:own|any`,
 * documenso's role-permission map). A new role is one entry in `ROLE_PERMISSIONS`, plus, for
 * each kind of row it reaches as 'own', one rule in the server's `scopeOf`.
 */
export const STAFF_ACTIONS = [
  // Every member of staff: who am I, and the staff area's frame.
  'enter:staff-area',
  // Marking, blind: the list, an entry, its files, and the adjudicator's own conflicts.
  'mark:entries',
  'declare:conflicts',
  // The organiser's season.
  'read:entries',
  'publish:results',
  'release:results',
  'manage:adjudicators',
  'manage:events',
  'manage:catalogue',
  'manage:rubrics',
  'manage:site-content',
  'manage:schools',
  'manage:staff',
  'manage:families',
  'manage:payments',
  'manage:reminders',
  'manage:data-requests',
  'read:sign-ins',
  'read:audit-log',
  'read:dashboard',
  'read:jobs',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Over which rows an action is granted: the member's own (as `scopeOf` defines them) or any. */
export type Reach = 'own' | 'any';

/** The kinds of row whose reads are scoped to the caller (`scopeOf` on the server). */
export type ScopedRows = 'entries' | 'families' | 'payments';

/** The rows each action reads or changes, when they are of a scoped kind. */
export const ACTION_ROWS: Partial<Record<StaffAction, ScopedRows>> = {
  'mark:entries': 'entries',
  'read:entries': 'entries',
  'publish:results': 'entries',
  'manage:families': 'families',
  'manage:payments': 'payments',
};

/**
 * Each role's actions and their reach. Organisers run the season over every row but mark
 * nothing (decision 008: marking is blind, and an organiser sees names). Adjudicators mark the
 * entries assigned to them that no conflict of theirs touches, and declare their own conflicts.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, Partial<Record<StaffAction, Reach>>> = {
  organiser: {
    'enter:staff-area': 'any',
    'read:entries': 'any',
    'publish:results': 'any',
    'release:results': 'any',
    'manage:adjudicators': 'any',
    'manage:events': 'any',
    'manage:catalogue': 'any',
    'manage:rubrics': 'any',
    'manage:site-content': 'any',
    'manage:schools': 'any',
    'manage:staff': 'any',
    'manage:families': 'any',
    'manage:payments': 'any',
    'manage:reminders': 'any',
    'manage:data-requests': 'any',
    'read:sign-ins': 'any',
    'read:audit-log': 'any',
    'read:dashboard': 'any',
    'read:jobs': 'any',
  },
  adjudicator: {
    'enter:staff-area': 'own',
    'mark:entries': 'own',
    'declare:conflicts': 'own',
  },
};

/** The reach `role` has for `action`, or undefined when the role may not do it. */
export function reachOf(role: StaffRole, action: StaffAction): Reach | undefined {
  // Own keys only, and only a reach: a name the map does not hold ('constructor', say) grants
  // nothing, whatever a plain object inherits.
  const grants = ROLE_PERMISSIONS[role];
  if (!Object.hasOwn(grants, action)) return undefined;
  const reach = grants[action];
  return reach === 'own' || reach === 'any' ? reach : undefined;
}

export function can(role: StaffRole, action: StaffAction): boolean {
  return reachOf(role, action) !== undefined;
}

/** The roles that may do `action`, in the order of STAFF_ROLES. */
export function rolesThatCan(action: StaffAction): StaffRole[] {
  return STAFF_ROLES.filter((role) => can(role, action));
}
