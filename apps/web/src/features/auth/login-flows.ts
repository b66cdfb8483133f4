import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api-fetch.ts';
import { handleHttpError } from '../../lib/http-errors.ts';
import { readStored } from '../../lib/storage.ts';
import { toast } from '../../lib/toasts.ts';
import type { Registration } from './login-calls.ts';

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

// The flows' calls are imported on first use (login-calls.ts): a screen shows before zod has
// loaded (decision 029).

/** Starts loading the calls as soon as a parent touches a form, so sending it does not wait. */
export function preloadLoginCalls(): void {
  void import('./login-calls.ts');
}

export const useRegisterAccount = () =>
  useMutation({
    mutationFn: async (form: Registration) => {
      const { registerAccount } = await import('./login-calls.ts');
      return registerAccount(form);
    },
    meta: handlesErrors,
  });
export const useRequestLoginPin = () =>
  useMutation({
    mutationFn: async (request: { username: string; isMobile: boolean }) => {
      const { requestLoginPin } = await import('./login-calls.ts');
      return requestLoginPin(request);
    },
    meta: handlesErrors,
  });
export const useResendLoginPin = () =>
  useMutation({
    mutationFn: async (pending: PendingLogin) => {
      const { resendLoginPin } = await import('./login-calls.ts');
      return resendLoginPin(pending);
    },
    meta: handlesErrors,
  });
export const useConfirmPin = () =>
  useMutation({
    mutationFn: async (request: { pending: PendingLogin; pin: string }) => {
      const { confirmPin } = await import('./login-calls.ts');
      return confirmPin(request);
    },
    meta: handlesErrors,
  });
