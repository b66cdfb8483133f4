import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@eisteddfod/shared';
import { ApiRequestError } from '../../lib/api-client.ts';
import { handleHttpError } from '../../lib/http-errors.ts';
import { readStored, removeStored, writeStored } from '../../lib/storage.ts';
import { toast } from '../../lib/toasts.ts';
import { createCustomerAndUser, type NewAccount } from './api/create-customer.ts';
import { requestPin } from './api/request-pin.ts';
import { accountExists } from './api/search-customer.ts';
import { silentLogin } from './api/silent-login.ts';
import { verifyPin } from './api/verify-pin.ts';

/**
 * The register, login, verify and resend flows of spec 4. Each runs as one mutation, so the
 * loading overlay stays up from the first call to the last, and each answers its own errors
 * (meta.handlesErrors): a 404 here means "no account", not a silent miss.
 */

/** Who is waiting for a pin: kept in storage between the login screens and /verify. */
export interface PendingLogin {
  username: string;
  customerId: number;
  isMobile: boolean;
}

export function readPendingLogin(): PendingLogin | null {
  const username = readStored('username');
  const customerId = Number(readStored('customerId'));
  if (!username || !Number.isInteger(customerId) || customerId <= 0) return null;
  return { username, customerId, isMobile: readStored('mobileMode') === 'true' };
}

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

interface Registration {
  firstName: string;
  surname: string;
  country: string;
  isMobile: boolean;
  email: string;
  mobileNumber: string;
}

/** Spec 4, register flow. 'exists' when the email or mobile already has an account. */
async function registerAccount(form: Registration): Promise<'pin-sent' | 'exists'> {
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
function requestLoginPin(request: { username: string; isMobile: boolean }) {
  return sendPin(request.username, request.isMobile);
}

/** Spec 4, resend flow; 'no-account' (a 404) is shown as the send failure of spec 8. */
function resendLoginPin(pending: PendingLogin) {
  return sendPin(pending.username, pending.isMobile);
}

/**
 * Spec 4, verify flow: false when the pin is wrong; when right, a second silent login returns a
 * session token (the server issues one only after the pin was verified), which is stored.
 */
async function confirmPin(request: { pending: PendingLogin; pin: string }) {
  const { pending, pin } = request;
  if (!(await verifyPin(pending.customerId, pin))) return false;
  const session = await silentLogin(pending.username, pending.isMobile);
  // A pin-only token would look like a login and then fail every guarded call.
  if (session.scope !== 'session') throw new Error('The verified pin did not start a session');
  writeStored('customerId', String(session.customerId));
  writeStored('token', session.token);
  return true;
}

/**
 * What every flow does with a failure it has no specific answer for: too many or too early pin
 * requests, and a deactivated staff account, show the server's reason; anything else goes to
 * the global handling of spec 8.
 */
export function showFlowError(error: unknown): void {
  if (error instanceof ApiRequestError && error.status === 429) {
    toast('warning', error.message);
    return;
  }
  // A member of staff an organiser deactivated: the server's reason, not the generic error.
  if (error instanceof ApiRequestError && error.body?.code === 'STAFF_DEACTIVATED') {
    toast('error', error.message);
    return;
  }
  console.error(error);
  handleHttpError(error);
}

/** A 429 saying a pin was sent moments ago: that pin still works, so /verify is still right. */
export function isPinAlreadySent(error: unknown): boolean {
  return error instanceof ApiRequestError && error.body?.code === 'PIN_RESEND_TOO_SOON';
}

const handlesErrors = { handlesErrors: true };

export const useRegisterAccount = () =>
  useMutation({ mutationFn: registerAccount, meta: handlesErrors });
export const useRequestLoginPin = () =>
  useMutation({ mutationFn: requestLoginPin, meta: handlesErrors });
export const useResendLoginPin = () =>
  useMutation({ mutationFn: resendLoginPin, meta: handlesErrors });
export const useConfirmPin = () => useMutation({ mutationFn: confirmPin, meta: handlesErrors });
