import { normaliseIdentifier, STAFF_ROLE_LABELS, type StaffRole } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError } from '../../lib/errors.ts';
import {
  findCustomer,
  findCustomerIdByIdentity,
  insertCustomerWithIdentities,
  setRole,
} from '../accounts/index.ts';

export interface StaffMemberInput {
  email: string;
  role: StaffRole;
  firstName?: string | undefined;
  surname?: string | undefined;
}

export type StaffMemberOutcome =
  | { kind: 'created'; customerId: number }
  | { kind: 'promoted'; customerId: number; previousRole: string }
  | { kind: 'unchanged'; customerId: number };

/**
 * Gives the account that signs in with `email` a staff role, creating it when there is none.
 * Used by ORGANISER_BOOTSTRAP_EMAIL at start and by `npm run staff:add`: operator actions, so
 * an existing family account may be promoted (the operator vouches for it).
 */
export async function addStaffMember(
  db: Database,
  input: StaffMemberInput,
  actorCustomerId?: number,
): Promise<StaffMemberOutcome> {
  const identifier = normaliseIdentifier('email', input.email);
  const existing = await findCustomerIdByIdentity(db, 'email', identifier);
  if (existing !== undefined) {
    const row = await findCustomer(db, existing);
    if (row?.role === input.role) return { kind: 'unchanged', customerId: existing };
    await setRole(db, existing, input.role);
    await audit(db, {
      actorCustomerId: actorCustomerId ?? null,
      action: 'staff.role_changed',
      entityType: 'customer',
      entityId: existing,
      details: { from: row?.role, to: input.role },
    });
    return { kind: 'promoted', customerId: existing, previousRole: row?.role ?? 'customer' };
  }
  const customerId = await createStaffAccount(db, input, actorCustomerId);
  if (customerId === undefined) {
    // Someone registered the same address at this very moment: make theirs the staff account.
    return addStaffMember(db, input, actorCustomerId);
  }
  return { kind: 'created', customerId };
}

/**
 * A new staff account signing in with `email`, audited; undefined when the address signs in to
 * an account already (the unique index decides, so a family registering it at the same moment
 * is never turned into staff). What organisers' invitations use: only the operator promotes.
 */
export async function createStaffAccount(
  db: Database,
  input: StaffMemberInput,
  actorCustomerId?: number,
): Promise<number | undefined> {
  const identifier = normaliseIdentifier('email', input.email);
  const customerId = await insertCustomerWithIdentities(
    db,
    {
      firstName: input.firstName?.trim() || STAFF_ROLE_LABELS[input.role],
      surname: input.surname?.trim() || 'Staff',
      email: identifier,
      mobileNumber: null,
      country: 'South Africa',
      role: input.role,
    },
    [{ channel: 'email', identifier }],
  );
  if (customerId === undefined) return undefined;
  await audit(db, {
    actorCustomerId: actorCustomerId ?? null,
    action: 'staff.created',
    entityType: 'customer',
    entityId: customerId,
    details: {
      role: input.role,
      before: null,
      after: {
        firstName: input.firstName?.trim() || null,
        surname: input.surname?.trim() || null,
        email: identifier,
        role: input.role,
      },
    },
  });
  return customerId;
}

/** An organiser's invitation of an address that signs in already (only the operator promotes). */
export const accountExists = () =>
  new AppError(409, 'ACCOUNT_EXISTS', 'An account with this email address exists already.');

/** What each role is invited to do, and its first steps (a new role must say its own). */
const INVITATION: Record<StaffRole, { what: string; firstSteps: string[] }> = {
  organiser: {
    what: 'organise',
    firstSteps: [
      'The organiser console is under Staff: events, schools, adjudicators, results and staff.',
    ],
  },
  adjudicator: {
    what: 'adjudicate',
    firstSteps: [
      'Your entries to mark are under Staff, Marking. Marking is blind: you see entry codes, not names.',
      'Please declare any conflict of interest (a school or a contestant) before you start.',
    ],
  },
};

/** The email an invited member of staff gets: how to sign in, and what to do first. */
export function invitationEmail(
  role: StaffRole,
  firstName: string,
  signInUrl: string,
): { subject: string; body: string } {
  const { what, firstSteps } = INVITATION[role];
  return {
    subject: `You are invited to ${what} at the Online Eisteddfod`,
    body: [
      `Dear ${firstName},`,
      '',
      `You have been invited to ${what} at the Online Eisteddfod.`,
      `Sign in at ${signInUrl} with this email address; we will email you a one-time pin.`,
      ...firstSteps,
    ].join('\n'),
  };
}

/** ORGANISER_BOOTSTRAP_EMAIL: the first organiser, made or promoted at start. */
export async function bootstrapOrganiser(
  db: Database,
  email: string | undefined,
  log: (message: string) => void,
): Promise<void> {
  if (!email) return;
  const outcome = await addStaffMember(db, { email, role: 'organiser' });
  if (outcome.kind !== 'unchanged') {
    log(`Organiser ${email} ${outcome.kind} (account ${outcome.customerId})`);
  }
}
