import {
  formatRand,
  paths,
  SECTIONS,
  type EventDates,
  type StaffCatalogue,
  type StaffItem,
} from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStaffCatalogue } from './api/catalogue-editor-api.ts';
import { useStaffEvent } from './api/events-api.ts';
import { CategoriesPanel } from './catalogue/CategoriesPanel.tsx';
import { ItemModal } from './catalogue/ItemModal.tsx';
import { SpreadsheetPanel } from './catalogue/SpreadsheetPanel.tsx';
import { ScrollTable } from './components/ScrollTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const PAGE_SIZE = 20;
type SortKey = 'code' | 'shortDescription' | 'category' | 'priceCents' | 'dueDate';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'code', label: 'Code' },
  { key: 'shortDescription', label: 'Item' },
  { key: 'category', label: 'Category' },
  { key: 'priceCents', label: 'Price' },
  { key: 'dueDate', label: 'Due date' },
];

/** Every item of the event: searched, filtered, sorted and paged in the browser (a few thousand rows at most). */
function ItemsPanel(props: { eventId: number; dates: EventDates; catalogue: StaffCatalogue }) {
  const { catalogue } = props;
  const [search, setSearch] = useState('');
  const [section, setSection] = useState<string | null>(null);
  const [showRetired, setShowRetired] = useState(true);
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({
    key: 'code',
    ascending: true,
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ item?: StaffItem }>();
  const categories = useMemo(
    () => new Map(catalogue.categories.map((c) => [c.id, c])),
    [catalogue.categories],
  );

  const rows = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    const value = (item: StaffItem): string | number =>
      sort.key === 'category' ? (categories.get(item.categoryId)?.name ?? '') : item[sort.key];
    return catalogue.items
      .filter((item) => {
        const category = categories.get(item.categoryId);
        const haystack =
          `${item.code} ${item.shortDescription} ${category?.name ?? ''}`.toLowerCase();
        return (
          (showRetired || !item.retired) &&
          (section === null || category?.section === section) &&
          words.every((w) => haystack.includes(w))
        );
      })
      .sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        const order = x < y ? -1 : x > y ? 1 : 0;
        return sort.ascending ? order : -order;
      });
  }, [catalogue.items, categories, search, section, showRetired, sort]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice(
    (Math.min(page, pages) - 1) * PAGE_SIZE,
    Math.min(page, pages) * PAGE_SIZE,
  );

  const sortBy = (key: SortKey) =>
    setSort((s) => ({ key, ascending: s.key === key ? !s.ascending : true }));

  return (
    <Card withBorder component="section" aria-labelledby="items-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="items-heading">
          Items
        </Title>
        <Button onClick={() => setEditing({})} disabled={catalogue.categories.length === 0}>
          Add item
        </Button>
      </Group>
      <Group align="flex-end" mb="sm" gap="sm" wrap="wrap">
        <TextInput
          label="Search items"
          placeholder="Code, name or category"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Section"
          placeholder="All sections"
          data={[...SECTIONS]}
          value={section}
          onChange={(value) => {
            setSection(value);
            setPage(1);
          }}
          clearable
          style={{ flex: '1 1 12rem' }}
        />
        <Checkbox
          label="Show retired items"
          checked={showRetired}
          onChange={(e) => {
            setShowRetired(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      <Text size="sm" mb="xs" aria-live="polite">
        {rows.length} of {catalogue.items.length} items
      </Text>
      <ScrollTable label="Item list" minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th
                  key={c.key}
                  aria-sort={
                    sort.key === c.key ? (sort.ascending ? 'ascending' : 'descending') : 'none'
                  }
                >
                  <UnstyledButton onClick={() => sortBy(c.key)} fw={700} fz="sm">
                    {c.label}
                    {sort.key === c.key ? (sort.ascending ? ' ▲' : ' ▼') : ''}
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    onClick={() => setEditing({ item })}
                    aria-label={`Edit ${item.code}`}
                  >
                    {item.code}
                  </Anchor>
                </Table.Td>
                <Table.Td>{item.shortDescription}</Table.Td>
                <Table.Td>{categories.get(item.categoryId)?.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRand(item.priceCents)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.dueDate}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {item.retired && (
                      <Badge color="gray" c="black" variant="light">
                        Retired
                      </Badge>
                    )}
                    {item.entries > 0 && (
                      <Badge color="blue" c="black" variant="light">
                        {item.entries} {item.entries === 1 ? 'entry' : 'entries'}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {rows.length === 0 && (
        <Text size="sm" mt="sm">
          No items match.
        </Text>
      )}
      {pages > 1 && (
        <Pagination
          mt="sm"
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
          })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      )}
      {editing && (
        <ItemModal
          eventId={props.eventId}
          dates={props.dates}
          categories={catalogue.categories}
          item={editing.item}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}

function CatalogueScreen({ id }: { id: number }) {
  const event = useStaffEvent(id);
  const catalogue = useStaffCatalogue(id);
  if (event.isPending || catalogue.isPending) return <Loader aria-label="Loading the catalogue" />;
  if (event.isError || catalogue.isError)
    return (
      <Alert color="red" title="Error">
        The catalogue could not be loaded. Please try again.
      </Alert>
    );
  const e = event.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={paths.staffEvent.href({ id })}>
          Back to {e.settings.name}
        </Anchor>
        {e.isLive && (
          <Badge color="green" c="black" variant="light">
            Live: families see changes at once
          </Badge>
        )}
      </Group>
      <ItemsPanel eventId={id} dates={e.settings.dates} catalogue={catalogue.data} />
      <SpreadsheetPanel eventId={id} />
      <CategoriesPanel eventId={id} categories={catalogue.data.categories} />
    </Stack>
  );
}

export default function CataloguePage() {
  const id = Number(useParams().id);
  return (
    <StaffArea title="Catalogue" roles={['organiser']}>
      {() => <CatalogueScreen id={id} />}
    </StaffArea>
  );
}
