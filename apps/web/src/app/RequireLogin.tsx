import { paths } from '@eisteddfod/shared';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { readStored, clearSession } from '../lib/storage.ts';
import { toast } from '../lib/toasts.ts';

export const LOGIN_REQUIRED = 'Please login to access this page';

/** The route guard of spec 2: without a stored token, warn, clear the session, go to /login. */
export function RequireLogin() {
  const hasToken = readStored('token') !== null;
  useEffect(() => {
    if (!hasToken) {
      toast('warning', LOGIN_REQUIRED);
      clearSession();
    }
  }, [hasToken]);
  return hasToken ? <Outlet /> : <Navigate to={paths.login.href()} replace />;
}
