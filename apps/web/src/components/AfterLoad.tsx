import { type ReactNode, useEffect, useState } from 'react';
import { afterLoad } from '../lib/after-load.ts';

/**
 * Draws `children` once the page has loaded and the browser is idle (decision 062): what a
 * screen does not show at first (a closed dialog, a link that waits for a call of its own) stays
 * out of the long tasks that draw the screen. `now` draws them at once (a dialog opened before
 * the page had loaded).
 */
export function AfterLoad(props: { now?: boolean; children: ReactNode }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoad(() => setLoaded(true)), []);
  return loaded || props.now ? props.children : null;
}
