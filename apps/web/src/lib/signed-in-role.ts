import { isStaffRole, paths, type StaffRole } from '@eisteddfod/shared';
import { readStored } from './storage.ts';

/**
 * The staff role a session's token names, if any. Only a hint for where to go and what to show:
 * the staff screens ask the server (GET /api/Staff/Me), and every staff call checks the role in
 * the database.
 */
export function staffRoleOf(token: string | null): StaffRole | undefined {
  if (!token) return undefined;
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const role = (JSON.parse(atob(payload)) as { role?: unknown }).role;
    return isStaffRole(role) ? role : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a session starts once the pin is confirmed (issue 34): organisers on the console's
 * overview, adjudicators on their marking list, families on their contestants.
 */
export function landingAfterSignIn(): string {
  const role = staffRoleOf(readStored('token'));
  if (role === 'organiser') return paths.staff.href();
  if (role === 'adjudicator') return paths.staffMarking.href();
  // A parent who opened an invitation's link signs in on the way: back to it (decision 063).
  const invitation = readStored('parentInvitation');
  if (invitation) return paths.parentInvitation.href({ token: invitation });
  return paths.contestants.href();
}
