import { catalogueApi, type Section } from '@eisteddfod/shared';
import { useMemo } from 'react';
import { callApi } from '../../../lib/api-client.ts';
import { pageQuery, useItemPage, type ItemSource, type PageRequest } from './item-pages.ts';

/** One page of a section's items, searched. */
function fetchSectionItems(section: Section, page: PageRequest, signal?: AbortSignal) {
  return callApi(catalogueApi.sectionItems, {
    query: { section, ...pageQuery(page) },
    signal,
  });
}

/** The section-scoped search of the categories screen; asks nothing until there is a search. */
export function useSectionItems(section: Section | null, page: PageRequest) {
  const source = useMemo<ItemSource>(
    () => ({
      key: ['items', 'section', section],
      enabled: section !== null && page.search !== '',
      fetchPage: (p, signal) => fetchSectionItems(section ?? 'Music', p, signal),
    }),
    [section, page.search],
  );
  return useItemPage(source, page);
}
