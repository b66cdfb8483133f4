import { useLayoutEffect } from 'react';
import { useLocation, type createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * A tap that changes screens shows at once that something is happening (issue 32). The router
 * renders the next screen in a transition, which keeps the last one on screen until the next
 * one's code has arrived: on a slow line, 1 to 2 seconds of a page that seems not to have heard
 * the tap. So the moment the address changes (a link, or a screen's own `navigate`), the page
 * is marked as moving, a bar runs across its top and the main region is busy; the mark goes
 * when the new screen is committed.
 */
const MOVING = 'data-navigating';

/** The location on screen; null until the first screen is committed. */
let shownKey: string | null = null;

function markMoving(moving: boolean) {
  const main = document.getElementById('main');
  if (moving) {
    document.documentElement.setAttribute(MOVING, '');
    main?.setAttribute('aria-busy', 'true');
  } else {
    document.documentElement.removeAttribute(MOVING);
    main?.removeAttribute('aria-busy');
  }
}

/**
 * Watches the router: its state changes within the tap's own task (before the next frame),
 * so the mark is painted in the first frame after it. Returns the unsubscribe.
 */
export function followNavigations(router: Router): () => void {
  return router.subscribe((state) => {
    if (shownKey !== null) markMoving(state.location.key !== shownKey);
  });
}

/** In the layout: the screen of the current address is committed, so nothing is moving. */
export function useNavigationSettled() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    shownKey = key;
    markMoving(false);
  }, [key]);
}
