import { useDebouncedValue } from '@mantine/hooks';
import { isSearching } from '@eisteddfod/shared';
import { useState } from 'react';
import type { PageRequest } from './api/item-pages.ts';

/** How long typing pauses before a search is sent. */
const SEARCH_DELAY_MS = 250;

/**
 * The search box and paging of a browsing screen (spec 4, "Search"; spec 9): 2 or more
 * characters search, shorter text goes back to the screen's own view at once, and a new search
 * starts again at the first page.
 */
export function useBrowseSearch() {
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const search = isSearching(text) && isSearching(settled) ? settled.trim() : '';
  const [paging, setPaging] = useState<PageRequest>({ search: '', skip: 0 });
  // A page number belongs to the search it was chosen in.
  const skip = paging.search === search ? paging.skip : 0;
  return {
    text,
    setText,
    clear: () => setText(''),
    isSearching: search !== '',
    page: { search, skip } satisfies PageRequest,
    goToPage: (nextSkip: number) => setPaging({ search, skip: nextSkip }),
  };
}
