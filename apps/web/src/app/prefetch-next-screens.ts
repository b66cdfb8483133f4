import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { afterLoad } from '../lib/after-load.ts';
import { readStored, storedCustomerId } from '../lib/storage.ts';

/**
 * A screen's code, as `routes.tsx` imports it. A screen module may also export `prefetchData`:
 * what it shows first, for a family with a session, fetched with `fetchedAhead` so that a
 * failure says nothing (the screen asks again when opened).
 */
type ScreenCode = () => Promise<{
  default: unknown;
  prefetchData?: (queryClient: QueryClient, customerId: number) => Promise<void>;
}>;

/** A route's `handle`: the screens its obvious next tap opens. */
interface NextScreens {
  next: ScreenCode[];
}

/** The `handle` of a route whose next screens are fetched ahead (issue 32). */
export function nextScreens(...next: ScreenCode[]): NextScreens {
  return { next };
}

function isNextScreens(handle: unknown): handle is NextScreens {
  return typeof handle === 'object' && handle !== null && 'next' in handle;
}

/**
 * Once the screen is drawn and the browser idle, fetches the code of the screens its route
 * names as next, and what they show first when the family is signed in, so that the tap that
 * opens one does not wait 1 to 2 seconds for them on a slow line. What is already here costs
 * nothing (imports and fresh queries are cached); a failed fetch is quiet and tried again, as
 * normal, when the screen is opened.
 */
export function usePrefetchNextScreens() {
  const queryClient = useQueryClient();
  const matches = useMatches();
  const next = matches.flatMap((match) => (isNextScreens(match.handle) ? match.handle.next : []));
  const route = matches.map((match) => match.id).join('/');
  useEffect(
    () =>
      afterLoad(() => {
        const customerId = readStored('token') ? storedCustomerId() : 0;
        for (const load of next) {
          load()
            .then((screen) =>
              customerId > 0 ? screen.prefetchData?.(queryClient, customerId) : undefined,
            )
            .catch(() => undefined);
        }
      }),
    // The list is new on every render; what it names changes only with the route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [route],
  );
}
