import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useFirstLoads } from '../components/LoadingOverlay.tsx';
import { afterLoad, whenIdle } from '../lib/after-load.ts';
import { readStored, storedCustomerId } from '../lib/storage.ts';

/**
 * What the build lists of each screen's files beyond the entry's, by route pattern
 * (apps/web/scripts/route-pages.ts writes it).
 */
export const SCREEN_FILES = '/pages/screens.json';

/** A screen module that says what it shows first, for a family with a session. */
type ScreenData = () => Promise<{
  prefetchData?: (queryClient: QueryClient, customerId: number) => Promise<void>;
}>;

/** A route's `handle`: the screens its obvious next tap opens. */
interface NextScreens {
  /** Their route patterns (`paths.x.pattern`). */
  next: string[];
  /** The screen whose first data is fetched ahead too (its module's `prefetchData`). */
  data?: ScreenData;
}

/** The `handle` of a route whose next screens are fetched ahead (issue 32, decision 051). */
export function nextScreens(next: string[], data?: ScreenData): NextScreens {
  return data ? { next, data } : { next };
}

function isNextScreens(handle: unknown): handle is NextScreens {
  return typeof handle === 'object' && handle !== null && 'next' in handle;
}

/** The longest wait for the screen's pictures before fetching ahead anyway. */
const PICTURES_WAIT_MS = 5000;

/**
 * Runs `task` once every picture on the screen has come (or failed), or after PICTURES_WAIT_MS:
 * a picture is often the largest thing a screen paints, and fetching ahead would share the
 * line with it.
 */
function afterPictures(task: () => void): void {
  const pending = [...document.images].filter((image) => !image.complete);
  const arrived = pending.map(
    (image) =>
      new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  const waited = new Promise<void>((resolve) => window.setTimeout(resolve, PICTURES_WAIT_MS));
  void Promise.race([Promise.all(arrived), waited]).then(task);
}

/**
 * Whether anyone has touched or typed on this page since it loaded. A page nobody has used yet
 * fetches nothing ahead: it may be a tab opened and left, a preview or a crawler, and on a slow
 * line a parent's first look at a screen should have the line to itself. Once a parent has
 * used the page, every screen fetches ahead as soon as it is drawn.
 */
let used = false;
const USE_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Runs `task` at once on a page already used, else once the browser is idle after its first
 * use: the tap itself is answered first.
 */
function onceUsed(task: () => void): () => void {
  if (used) {
    task();
    return () => undefined;
  }
  const first = () => {
    used = true;
    stop();
    whenIdle(task);
  };
  const stop = () => {
    for (const type of USE_EVENTS) window.removeEventListener(type, first, true);
  };
  for (const type of USE_EVENTS) window.addEventListener(type, first, true);
  return stop;
}

const isScript = (href: string) => href.endsWith('.js');

let screenFiles: Promise<Record<string, string[]>> | undefined;

/**
 * Asks the browser to fetch the files of the screens at `patterns` into its cache, at its lowest
 * priority and without running them: the tap that opens one then finds them there. A file the
 * page has already (or asked for) is skipped.
 */
function prefetchFiles(patterns: string[]) {
  screenFiles ??= fetch(SCREEN_FILES)
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => {
      screenFiles = undefined; // tried again on the next screen
      return {};
    });
  void screenFiles.then((files) => {
    // Scripts only: Vite's loader takes any <link> naming a style sheet as that sheet applied,
    // so a prefetched one left the next screen without its styles.
    const scripts = patterns.flatMap((pattern) => files[pattern] ?? []).filter(isScript);
    whenIdle(() => addPrefetchLinks(scripts));
  });
}

/**
 * Adds a prefetch link for each of `hrefs` the page has not asked for yet, one per idle period:
 * each link starts its request at once, about 5 ms of a phone's processor (1 ms at full speed),
 * and a tap that comes meanwhile waits for it (ten in one period held a tap 56 ms).
 */
function addPrefetchLinks(hrefs: string[]) {
  const asked = (href: string) => document.querySelector(`link[href="${CSS.escape(href)}"]`);
  const [href, ...rest] = hrefs.filter((h) => !asked(h));
  if (href === undefined) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  // As the module loader and Vite's style loader ask for them, so the cached copy is used.
  link.crossOrigin = '';
  document.head.appendChild(link);
  if (rest.length > 0) whenIdle(() => addPrefetchLinks(rest));
}

/**
 * Once the screen is drawn with its first data and pictures and the browser is idle, fetches
 * the files of the screens its route names as next, without running them (running the code of
 * two screens ahead took a phone's processor for a second, and Lighthouse's blocking time went
 * from 0.5 to 1.5 s), and, where the route names one and the family is signed in, the first data
 * of the screen its next tap opens, so that the tap does not wait 1 to 2 seconds for them on a
 * slow line. Not before the screen's own data and pictures: on a slow line it would share the
 * bandwidth with them; and not on a page nobody has used yet (`onceUsed`). A failed fetch is
 * quiet and tried again, as normal, when the screen opens.
 */
function usePrefetchNextScreens() {
  const queryClient = useQueryClient();
  const matches = useMatches();
  const handles = matches.flatMap((match) => (isNextScreens(match.handle) ? [match.handle] : []));
  const route = matches.map((match) => match.id).join('/');
  const drawn = useFirstLoads() === 0;
  useEffect(() => {
    if (!drawn || handles.length === 0) return undefined;
    let cancelled = false;
    const fetchAhead = () => {
      if (cancelled) return;
      prefetchFiles(handles.flatMap((handle) => handle.next));
      const customerId = readStored('token') ? storedCustomerId() : 0;
      if (customerId === 0) return;
      for (const { data } of handles) {
        data?.()
          .then((screen) => screen.prefetchData?.(queryClient, customerId))
          .catch(() => undefined);
      }
    };
    let stopWaiting = () => {};
    const cancelLoad = afterLoad(() =>
      afterPictures(() => {
        if (!cancelled) stopWaiting = onceUsed(fetchAhead);
      }),
    );
    return () => {
      cancelled = true;
      cancelLoad();
      stopWaiting();
    };
    // The list is new on every render; what it names changes only with the route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, drawn]);
}

/**
 * The layout's part that fetches ahead: a component of its own, as it follows every query's
 * first load, and the layout re-rendering with each (the whole screen under it) cost a phone's
 * processor a second while a screen loaded.
 */
export function PrefetchNextScreens() {
  usePrefetchNextScreens();
  return null;
}
