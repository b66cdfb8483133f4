import { ItemPageSchema, type Section } from '@eisteddfod/shared';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { pageQuery, useItemPage, type ItemSource, type PageRequest } from './item-pages.ts';

/** GET /api/Eisteddfods/Categories/SectionItems?section&skip&take&search: a section's items. */
export function fetchSectionItems(section: Section, page: PageRequest, signal?: AbortSignal) {
  return apiRequest(
    `/api/Eisteddfods/Categories/SectionItems?${pageQuery(page, { section })}`,
    ItemPageSchema,
    { signal },
  );
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
