import { paths } from '@eisteddfod/shared';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { readStored, clearSession } from '../lib/storage.ts';
import { toast } from '../lib/toasts.ts';
import { text } from './text.ts';

/** The warning on the way to /login: the catalogue's words when the module loaded (the tests read it). */
export const LOGIN_REQUIRED = text('loginRequired');

/** The route guard of spec 2: without a stored token, warn, clear the session, go to /login. */
export function RequireLogin() {
  const hasToken = readStored('token') !== null;
  useEffect(() => {
    if (!hasToken) {
      toast('warning', text('loginRequired'));
      clearSession();
    }
  }, [hasToken]);
  return hasToken ? <Outlet /> : <Navigate to={paths.login.href()} replace />;
}
