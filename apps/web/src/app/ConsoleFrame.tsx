import { paths } from '@eisteddfod/shared';
import { Suspense, useEffect } from 'react';
import { lazyInLanguage } from '../lib/i18n/lazy-in-language.ts';
import { useLocation, useNavigate } from 'react-router';
import { setLoginRedirect } from '../lib/http-errors.ts';
import { clearStaleToasts } from '../lib/toasts.ts';
import { useNavigationSettled } from './navigation-progress.ts';
import { text } from './text.ts';
import { useLogout } from './use-logout.ts';

// The console's shell is staff code: a family's visit never downloads it.
const ConsoleLayout = lazyInLanguage(() => import('../features/staff/console/ConsoleLayout.tsx'));

/**
 * The staff console's place in the app (issue 34): what every screen of the app does around it
 * (a lost session goes to /login, stale toasts clear, navigation settles), then the console's
 * own shell in place of the families' header and footer.
 */
export function ConsoleFrame() {
  const navigate = useNavigate();
  useEffect(() => setLoginRedirect(() => void navigate(paths.login.href())), [navigate]);
  const { pathname } = useLocation();
  useEffect(() => clearStaleToasts(pathname), [pathname]);
  useNavigationSettled();
  const logOut = useLogout();
  return (
    <Suspense fallback={<p role="status">{text('loading')}</p>}>
      <ConsoleLayout onSignOut={logOut} />
    </Suspense>
  );
}
