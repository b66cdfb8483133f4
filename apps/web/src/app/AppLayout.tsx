import { paths } from '@eisteddfod/shared';
import { Suspense, useEffect } from 'react';
import { lazyInLanguage } from '../lib/i18n/lazy-in-language.ts';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { setLoginRedirect } from '../lib/http-errors.ts';
import { useIsLoggedIn } from '../lib/session.ts';
import { clearStaleToasts } from '../lib/toasts.ts';
import { useNavigationSettled } from './navigation-progress.ts';
import { PrefetchNextScreens } from './prefetch-next-screens.ts';
import { SiteFooterOnceLoaded } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import classes from './AppLayout.module.css';
import { text } from './text.ts';

// Only a signed-in family has uploads: a first visit does not load the bar (bench/web-bundle).
const UploadActivityBar = lazyInLanguage(() =>
  import('./UploadActivityBar.tsx').then((m) => ({ default: m.UploadActivityBar })),
);

export function AppLayout() {
  const navigate = useNavigate();
  useEffect(() => setLoginRedirect(() => void navigate(paths.login.href())), [navigate]);
  const { pathname } = useLocation();
  useEffect(() => clearStaleToasts(pathname), [pathname]);
  useNavigationSettled();
  const loggedIn = useIsLoggedIn();
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skip}>
        {text('skipToContent')}
      </a>
      <SiteHeader />
      {/* The footer shows with the screen, not below its loading overlay: a footer drawn first
          would be pushed down when the screen comes in (Lighthouse's Cumulative Layout Shift);
          nor below the overlay of a screen's first data, for the same reason. */}
      <Suspense fallback={<LoadingOverlayFallback />}>
        <main id="main" className={classes.main}>
          <Outlet />
        </main>
        <SiteFooterOnceLoaded />
      </Suspense>
      {loggedIn && (
        <Suspense fallback={null}>
          <UploadActivityBar />
        </Suspense>
      )}
      <PrefetchNextScreens />
      <LoadingOverlay />
    </div>
  );
}

function LoadingOverlayFallback() {
  return (
    <div role="status" aria-label={text('loading')} className={classes.routeLoading}>
      {text('loading')}
    </div>
  );
}
