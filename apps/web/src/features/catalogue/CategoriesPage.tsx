import { Button, SimpleGrid } from '@mantine/core';
import { type Category, paths, type Section, SECTIONS } from '@eisteddfod/shared';
import { Navigate, useNavigate, useParams } from 'react-router';
import { readStored, writeStored } from '../../lib/storage.ts';
import { useCategories } from '../../shared/catalogue/categories.ts';
import { useSectionItems } from './api/section-items.ts';
import { BrowseLayout } from './components/BrowseLayout.tsx';
import { ItemList } from './components/ItemList.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { useBrowseSearch } from './use-browse-search.ts';
import { text } from './text.ts';

function storedSection(): Section | null {
  const stored = readStored('currentCategory');
  return SECTIONS.find((section) => section === stored) ?? null;
}

/**
 * {participantId}/categories (spec 2): the chosen section's categories as buttons, or, while
 * searching, matching items of the whole section.
 */
export default function CategoriesPage() {
  const participantId = Number(useParams().id);
  const navigate = useNavigate();
  const section = storedSection();
  const categories = useCategories();
  const search = useBrowseSearch(participantId);
  const results = useSectionItems(section, search.page);

  // Opened without choosing a section first (a bookmark, another tab): choose one.
  if (!section) return <Navigate to={paths.sections.href({ id: participantId })} replace />;

  const inSection = (categories.data ?? []).filter((category) => category.section === section);

  function choose(category: Category) {
    writeStored('currentSubCategory', category.name);
    void navigate(paths.items.href({ participantId: participantId, categoryId: category.id }));
  }

  return (
    <BrowseLayout
      title={section}
      back={{ to: paths.sections.href({ id: participantId }), label: text('backToSections') }}
      participantId={participantId}
    >
      <SearchBox
        label={text('searchIn', { place: section })}
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
            emptyText={text('noMatchInSection', { section })}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {inSection.map((category) => (
              <Button
                key={category.id}
                variant="light"
                size="lg"
                fullWidth
                justify="space-between"
                rightSection={<span aria-hidden>›</span>}
                onClick={() => choose(category)}
              >
                {category.name}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </div>
    </BrowseLayout>
  );
}
