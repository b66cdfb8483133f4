import { PAGE_SIZE, hasNextPage, itemIn, type ItemPage, type PageQuery } from '@eisteddfod/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readerLocale } from '../../../lib/i18n/catalogue.ts';

/** Each item in the reader's language, English where not translated (decision 070). */
const inReadersLanguage = (page: ItemPage): ItemPage => ({
  ...page,
  items: page.items.map((item) => itemIn(readerLocale(), item)),
});

/** Which page of a list of items: spec 3, "Paging and search state". */
export interface PageRequest {
  skip: number;
  search: string;
  /** Only the items a contestant of this grade may enter (issue 32); all when undefined. */
  grade?: string | undefined;
  /** False while the grade is not known yet: nothing is asked for until it is. */
  ready?: boolean;
}

/** One paged list of the catalogue: where it comes from and how a page of it is fetched. */
export interface ItemSource {
  key: readonly unknown[];
  enabled: boolean;
  fetchPage: (page: PageRequest, signal?: AbortSignal) => Promise<ItemPage>;
}

/** skip, take and search as the catalogue calls read them. */
export function pageQuery(page: PageRequest): PageQuery {
  return {
    skip: page.skip,
    take: PAGE_SIZE,
    search: page.search,
    ...(page.grade !== undefined && { grade: page.grade }),
  };
}

function pageOptions(source: ItemSource, page: PageRequest) {
  return queryOptions({
    queryKey: [...source.key, page.search, page.grade ?? 'all', page.skip],
    queryFn: ({ signal }) => source.fetchPage(page, signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * One page of items. The page on screen stays while the next one loads (no overlay, no jump),
 * and the page after it is fetched ahead, so Next is instant on a slow phone connection.
 */
export function useItemPage(source: ItemSource, page: PageRequest) {
  const queryClient = useQueryClient();
  const result = useQuery({
    ...pageOptions(source, page),
    enabled: source.enabled && page.ready !== false,
    placeholderData: keepPreviousData,
    select: inReadersLanguage,
  });
  const total = result.isPlaceholderData ? undefined : result.data?.total;
  const { skip, search, grade } = page;

  useEffect(() => {
    if (!source.enabled || total === undefined || !hasNextPage(skip, total)) return;
    void queryClient.prefetchQuery(pageOptions(source, { search, grade, skip: skip + PAGE_SIZE }));
  }, [queryClient, source, skip, search, grade, total]);

  return result;
}
