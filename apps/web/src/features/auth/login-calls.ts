import type { LoginResult } from '@eisteddfod/shared';
import { ApiRequestError } from '../../lib/api-fetch.ts';
import { removeStored, writeStored } from '../../lib/storage.ts';
import { createCustomerAndUser, type NewAccount } from './api/create-customer.ts';
import { requestPin } from './api/request-pin.ts';
import { accountExists } from './api/search-customer.ts';
import { silentLogin } from './api/silent-login.ts';
import { verifyPin } from './api/verify-pin.ts';
import type { PendingLogin } from './login-flows.ts';

/**
 * The calls of the register, login, verify and resend flows (login-flows.ts). A module of their
 * own, loaded when a form is first used: they check answers with zod, about 26 KB gzipped
 * that the login screens need only once a parent sends the form (decision 029).
 */

function storeLogin(login: LoginResult, username: string, isMobile: boolean): void {
  writeStored('token', login.token);
  writeStored('username', username);
  writeStored('customerId', String(login.customerId));
  writeStored('mobileMode', String(isMobile));
}

/**
 * Silent login, then a pin by WhatsApp or email. The token only allows a pin request, so it is
 * dropped afterwards: the menu must not look logged in before the pin is verified.
 */
async function sendPin(username: string, isMobile: boolean): Promise<'pin-sent' | 'no-account'> {
  let login: LoginResult;
  try {
    login = await silentLogin(username, isMobile);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return 'no-account';
    throw error;
  }
  storeLogin(login, username, isMobile);
  try {
    await requestPin(login.customerId, isMobile);
  } finally {
    removeStored('token');
  }
  return 'pin-sent';
}

export interface Registration {
  firstName: string;
  surname: string;
  country: string;
  isMobile: boolean;
  email: string;
  mobileNumber: string;
}

/** Spec 4, register flow. 'exists' when the email or mobile already has an account. */
export async function registerAccount(form: Registration): Promise<'pin-sent' | 'exists'> {
  const username = form.isMobile ? form.mobileNumber : form.email.trim();
  const identifier = form.isMobile ? { mobileNumber: username } : { email: username };
  if (await accountExists(identifier)) return 'exists';
  const account: NewAccount = {
    firstName: form.firstName.trim(),
    surname: form.surname.trim(),
    email: form.isMobile ? '' : username,
    mobileNumber: form.isMobile ? username : '',
    country: form.country,
  };
  try {
    await createCustomerAndUser(account);
  } catch (error) {
    // Someone registered the same identifier between the search and the create.
    if (error instanceof ApiRequestError && error.status === 409) return 'exists';
    throw error;
  }
  const sent = await sendPin(username, form.isMobile);
  // The account was just created, so silent login cannot miss it.
  if (sent === 'no-account') throw new Error('The new account could not log in');
  return sent;
}

/** Spec 4, login flow. */
export function requestLoginPin(request: { username: string; isMobile: boolean }) {
  return sendPin(request.username, request.isMobile);
}

/** Spec 4, resend flow; 'no-account' (a 404) is shown as the send failure of spec 8. */
export function resendLoginPin(pending: PendingLogin) {
  return sendPin(pending.username, pending.isMobile);
}

/**
 * Spec 4, verify flow: false when the pin is wrong; when right, a second silent login returns a
 * session token (the server issues one only after the pin was verified), which is stored.
 */
export async function confirmPin(request: { pending: PendingLogin; pin: string }) {
  const { pending, pin } = request;
  if (!(await verifyPin(pending.customerId, pin))) return false;
  const session = await silentLogin(pending.username, pending.isMobile);
  // A pin-only token would look like a login and then fail every guarded call.
  if (session.scope !== 'session') throw new Error('The verified pin did not start a session');
  writeStored('customerId', String(session.customerId));
  writeStored('token', session.token);
  return true;
}
