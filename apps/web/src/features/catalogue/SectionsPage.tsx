import { SimpleGrid } from '@mantine/core';
import { paths, type Section, SECTIONS } from '@eisteddfod/shared';
import { useNavigate, useParams } from 'react-router';
import { writeStored } from '../../lib/storage.ts';
import { useCategories } from '../../shared/catalogue/categories.ts';
import { useItemsSearch } from './api/search-items.ts';
import { BrowseLayout } from './components/BrowseLayout.tsx';
import { ItemList } from './components/ItemList.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { SectionCard } from './components/SectionCard.tsx';
import { useBrowseSearch } from './use-browse-search.ts';
import { text } from './text.ts';

/**
 * {participantId}/sections (spec 2): the four sections, or, while searching, matching items of
 * every category.
 */
export default function SectionsPage() {
  const participantId = Number(useParams().id);
  const navigate = useNavigate();
  const categories = useCategories().data ?? [];
  const search = useBrowseSearch(participantId);
  const results = useItemsSearch(search.page);

  function choose(section: Section) {
    writeStored('currentCategory', section);
    void navigate(paths.categories.href({ id: participantId }));
  }

  return (
    <BrowseLayout
      title={text('sections')}
      back={{ to: paths.contestants.href(), label: text('backToContestants') }}
      participantId={participantId}
    >
      <SearchBox
        label={text('searchAll')}
        value={search.text}
        onChange={search.setText}
        onClear={search.clear}
      />
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        {search.isSearching ? (
          <ItemList
            heading={text('searchResults')}
            result={results}
            skip={search.page.skip}
            onPage={search.goToPage}
            participantId={participantId}
            grades={search.grades}
            emptyText={text('noMatch')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {SECTIONS.map((section) => (
              <SectionCard
                key={section}
                section={section}
                detail={categories
                  .filter((category) => category.section === section)
                  .map((category) => category.name)
                  .join(', ')}
                onChoose={() => choose(section)}
              />
            ))}
          </SimpleGrid>
        )}
      </div>
    </BrowseLayout>
  );
}
