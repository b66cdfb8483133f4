import { paths } from '@eisteddfod/shared';
import { ApiRequestError } from './api-fetch.ts';
import { clearSession } from './storage.ts';
import { toast } from './toasts.ts';

export const GENERIC_ERROR = "An error has occurred. Please contact the provider's support";
export const SESSION_EXPIRED = 'Session has expired. Please login again';

/** Where a 401 sends the user; the router registers its navigate function here. */
let goToLogin: () => void = () => window.location.assign(paths.login.href());
export function setLoginRedirect(navigate: () => void): void {
  goToLogin = navigate;
}

/**
 * Global handling by HTTP status (spec 8): 404 is silent, 401 ends the session, every other
 * failure (400, 5xx, no network) shows the generic error toast.
 */
export function handleHttpError(error: unknown): void {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 404) return;
  if (status === 401) {
    toast('error', SESSION_EXPIRED, 'Unauthorized');
    clearSession();
    goToLogin();
    return;
  }
  toast('error', GENERIC_ERROR, 'Error');
}
