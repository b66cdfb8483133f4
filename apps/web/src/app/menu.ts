import { paths } from '@eisteddfod/shared';
import { staffRoleOf } from '../lib/signed-in-role.ts';
import { text } from './text.ts';

/** The two menus of spec 2 ("Menu and footer"). */
export interface MenuLink {
  label: string;
  to: string;
  /** An invitation to the same place as another entry ('Enter Now' and 'Sign Up'): never shown
   *  as the current page, so that only one entry is highlighted there. */
  invitation?: true;
}

/** The menu before login, in the language of the moment (decision 057). */
export function loggedOutMenu(): MenuLink[] {
  return [
    { label: text('enterNow'), to: paths.register.href(), invitation: true },
    { label: text('info'), to: paths.info.href() },
    { label: text('login'), to: paths.login.href() },
    { label: text('signUp'), to: paths.register.href() },
  ];
}

/** The menu after login. */
export function loggedInMenu(): MenuLink[] {
  return [
    { label: text('contestants'), to: paths.contestants.href() },
    { label: text('info'), to: paths.info.href() },
    { label: text('uploads'), to: paths.uploads.href() },
    { label: text('myProfile'), to: paths.myProfile.href() },
    { label: text('myOrders'), to: paths.myOrders.href() },
    { label: text('myCart'), to: paths.checkout.href() },
  ];
}

/** The toast after Logout: the catalogue's words when the module loaded (the tests read it). */
export const LOGGED_OUT_MESSAGE = text('loggedOut');

/** The staff link (issue 9), for a session whose token names a staff role (a hint only). */
export function staffMenuFor(token: string | null): MenuLink[] {
  return staffRoleOf(token) ? [{ label: text('staff'), to: paths.staff.href() }] : [];
}

/** 'My Class' (decision 061), for an account an organiser approved to act for a school. */
export function teachingMenuFor(hasClass: boolean): MenuLink[] {
  return hasClass ? [{ label: text('myClass'), to: paths.teaching.href() }] : [];
}
