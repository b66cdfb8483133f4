import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** Spec 5 and 9: search runs once the text has 2 characters (or is empty), after a pause. */
const SEARCH_DELAY_MS = 400;

/**
 * The portal's search as typed and as sent, and the page of entries it starts from; `initial`
 * (an item code a link gives, as the class's entries do) is searched at once.
 */
export function useEntriesSearch(initial = '') {
  const [searchText, setSearchText] = useState(initial);
  const [search, setSearch] = useState(initial.trim().length >= 2 ? initial.trim() : '');
  const [skip, setSkip] = useState(0);
  // A search is sent once typing pauses; a single character sends none and keeps the last one.
  const applySearch = useDebouncedCallback((text: string) => {
    setSearch(text);
    setSkip(0);
  }, SEARCH_DELAY_MS);
  function changeSearchText(value: string) {
    setSearchText(value);
    const text = value.trim();
    if (text.length === 1) applySearch.cancel();
    else applySearch(text);
  }

  function clearSearch() {
    applySearch.cancel();
    setSearchText('');
    setSearch('');
    setSkip(0);
  }
  return { searchText, search, skip, setSkip, changeSearchText, clearSearch };
}
