import { paths } from '@eisteddfod/shared';
import { useParams } from 'react-router';
import { readStored } from '../../lib/storage.ts';
import { useCategories } from '../../shared/catalogue/categories.ts';
import { useCategoryItems } from './api/category-items.ts';
import { BrowseLayout } from './components/BrowseLayout.tsx';
import { ItemList } from './components/ItemList.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { useBrowseSearch } from './use-browse-search.ts';
import { text } from './text.ts';

/** {participantId}/categories/{categoryId}/items (spec 2): a category's items, paged, searchable. */
export default function ItemsPage() {
  const params = useParams();
  const participantId = Number(params.participantId);
  const categoryId = Number(params.categoryId);
  const category = useCategories().data?.find((c) => c.id === categoryId);
  const title = category?.name ?? readStored('currentSubCategory') ?? text('items');
  const search = useBrowseSearch(participantId);
  const items = useCategoryItems(categoryId, search.page);

  return (
    <BrowseLayout
      title={title}
      back={{ to: paths.categories.href({ id: participantId }), label: text('backToCategories') }}
      participantId={participantId}
    >
      <SearchBox
        label={text('searchIn', { place: title })}
        value={search.text}
        onChange={search.setText}
        onClear={search.clear}
      />
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        <ItemList
          heading={search.isSearching ? text('searchResults') : text('items')}
          result={items}
          skip={search.page.skip}
          onPage={search.goToPage}
          participantId={participantId}
          grades={search.grades}
          emptyText={search.isSearching ? text('noMatch') : text('categoryEmpty')}
        />
      </div>
    </BrowseLayout>
  );
}
