import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { setLoginRedirect } from '../lib/http-errors.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import classes from './AppLayout.module.css';

export function AppLayout() {
  const navigate = useNavigate();
  useEffect(() => setLoginRedirect(() => void navigate('/login')), [navigate]);
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className={classes.main}>
        <Suspense fallback={<LoadingOverlayFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <LoadingOverlay />
    </div>
  );
}

function LoadingOverlayFallback() {
  return (
    <div role="status" aria-label="Loading" className={classes.routeLoading}>
      Loading
    </div>
  );
}
