import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { languageLoaded } from './catalogue.ts';

/**
 * React's `lazy`, for a chunk that may bring catalogues of its own: the component draws once
 * their words in the reader's language are in, not first in English (decision 069). Every lazy
 * component is made with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own lazy() is typed so
export function lazyInLanguage<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
): LazyExoticComponent<Component> {
  return lazy(async () => {
    const loaded = await load();
    await languageLoaded();
    return loaded;
  });
}
