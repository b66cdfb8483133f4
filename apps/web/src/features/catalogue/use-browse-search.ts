import { useDebouncedValue } from '@mantine/hooks';
import { isSearching } from '@eisteddfod/shared';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageRequest } from './api/item-pages.ts';
import { useContestant } from './api/contestant.ts';

/** How long typing pauses before a search is sent. */
const SEARCH_DELAY_MS = 250;

/** The address's `?grades=all`: the parent chose to see every grade (kept by Back). */
const ALL_GRADES = { key: 'grades', value: 'all' } as const;

/** What the item lists show by grade, and the parent's switch to every grade (issue 32). */
export interface GradeChoice {
  /** The contestant whose items are chosen; undefined while loading or unknown. */
  contestant: { firstName: string; grade: string } | undefined;
  showAll: boolean;
  setShowAll: (showAll: boolean) => void;
}

/**
 * The search box, paging and grade filter of a browsing screen (spec 4, "Search"; spec 9;
 * issue 32): 2 or more characters search, shorter text goes back to the screen's own view at
 * once, a new search or grade choice starts again at the first page, and the lists show the
 * items for the contestant's grade unless the parent asks for every grade.
 */
export function useBrowseSearch(participantId: number) {
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text, SEARCH_DELAY_MS);
  // The same function every render: the search box is memoised.
  const clear = useCallback(() => setText(''), []);
  const search = isSearching(text) && isSearching(settled) ? settled.trim() : '';
  const contestant = useContestant(participantId);
  const [params, setParams] = useSearchParams();
  const showAll = params.get(ALL_GRADES.key) === ALL_GRADES.value;
  const grade = showAll ? undefined : (contestant.data?.grade ?? undefined);
  const [paging, setPaging] = useState({ search: '', grade, skip: 0 });
  // A page number belongs to the search and grade it was chosen in.
  const skip = paging.search === search && paging.grade === grade ? paging.skip : 0;
  const grades: GradeChoice = {
    contestant: contestant.data ?? undefined,
    showAll,
    setShowAll: (all) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (all) next.set(ALL_GRADES.key, ALL_GRADES.value);
          else next.delete(ALL_GRADES.key);
          return next;
        },
        { replace: true },
      ),
  };
  return {
    text,
    setText,
    clear,
    isSearching: search !== '',
    // Nothing is asked for until the contestant's grade is known (or known to be missing).
    page: { search, skip, grade, ready: showAll || !contestant.isPending } satisfies PageRequest,
    goToPage: (nextSkip: number) => setPaging({ search, grade, skip: nextSkip }),
    grades,
  };
}
