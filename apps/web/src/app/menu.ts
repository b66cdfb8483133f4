import { isStaffRole, paths } from '@eisteddfod/shared';
/** The two menus of spec 2 ("Menu and footer"). */
export interface MenuLink {
  label: string;
  to: string;
  /** An invitation to the same place as another entry ('Enter Now' and 'Sign Up'): never shown
   *  as the current page, so that only one entry is highlighted there. */
  invitation?: true;
}

export const LOGGED_OUT_MENU: MenuLink[] = [
  { label: 'Enter Now', to: paths.register.href(), invitation: true },
  { label: 'INFO', to: paths.info.href() },
  { label: 'Login', to: paths.login.href() },
  { label: 'Sign Up', to: paths.register.href() },
];

export const LOGGED_IN_MENU: MenuLink[] = [
  { label: 'Contestant Details', to: paths.contestants.href() },
  { label: 'INFO', to: paths.info.href() },
  { label: 'Uploads', to: paths.uploads.href() },
  { label: 'My Profile', to: paths.myProfile.href() },
  { label: 'My Orders', to: paths.myOrders.href() },
  { label: 'My Cart', to: paths.checkout.href() },
];

export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully';

/**
 * The staff link (issue 9), for a session whose token names a staff role. Only a hint for the
 * menu: the staff screens ask the server (GET /api/Staff/Me), and every staff call checks the
 * role in the database.
 */
export function staffMenuFor(token: string | null): MenuLink[] {
  const role = token ? tokenRole(token) : undefined;
  return isStaffRole(role) ? [{ label: 'Staff', to: paths.staff.href() }] : [];
}

function tokenRole(token: string): string | undefined {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const role = (JSON.parse(atob(payload)) as { role?: unknown }).role;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}
