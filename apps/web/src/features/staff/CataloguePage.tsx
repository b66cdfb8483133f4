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
  Select,
  Stack,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStaffCatalogue } from './api/catalogue-editor/get-catalogue.ts';
import { useStaffEvent } from './api/events/get-event.ts';
import { CategoriesPanel } from './catalogue/CategoriesPanel.tsx';
import { ItemModal } from './catalogue/ItemModal.tsx';
import { SpreadsheetPanel } from './catalogue/SpreadsheetPanel.tsx';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const PAGE_SIZE = 20;

/** Orders rows by a value, as the code, price and due date sort (not by locale). */
const by =
  <T,>(value: (row: T) => string | number) =>
  (a: T, b: T) => {
    const [x, y] = [value(a), value(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  };

/** Every item of the event: searched, filtered, sorted and paged in the browser (a few thousand rows at most). */
function ItemsPanel(props: { eventId: number; dates: EventDates; catalogue: StaffCatalogue }) {
  const { catalogue } = props;
  const [section, setSection] = useState<string | null>(null);
  const [showRetired, setShowRetired] = useState(true);
  const [editing, setEditing] = useState<{ item?: StaffItem }>();
  const categories = useMemo(
    () => new Map(catalogue.categories.map((c) => [c.id, c])),
    [catalogue.categories],
  );
  const rows = catalogue.items.filter(
    (item) =>
      (showRetired || !item.retired) &&
      (section === null || categories.get(item.categoryId)?.section === section),
  );
  const categoryOf = (item: StaffItem) => categories.get(item.categoryId)?.name ?? '';
  const columns: Column<StaffItem>[] = [
    {
      key: 'code',
      header: 'Code',
      compare: by((item) => item.code),
      cell: (item) => (
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => setEditing({ item })}
          aria-label={`Edit ${item.code}`}
        >
          {item.code}
        </Anchor>
      ),
    },
    {
      key: 'shortDescription',
      header: 'Item',
      compare: by((item) => item.shortDescription),
      cell: (item) => item.shortDescription,
    },
    { key: 'category', header: 'Category', compare: by(categoryOf), cell: categoryOf },
    {
      key: 'priceCents',
      header: 'Price',
      nowrap: true,
      compare: by((item) => item.priceCents),
      cell: (item) => formatRand(item.priceCents),
    },
    {
      key: 'dueDate',
      header: 'Due date',
      nowrap: true,
      compare: by((item) => item.dueDate),
      cell: (item) => item.dueDate,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (item) => (
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
      ),
    },
  ];

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
      <Stack gap="xs">
        <DataTable
          label="Item list"
          minWidth={760}
          filter={{
            label: 'Search items',
            placeholder: 'Code, name or category',
            text: (item) => `${item.code} ${item.shortDescription} ${categoryOf(item)}`,
          }}
          controls={
            <>
              <Select
                label="Section"
                placeholder="All sections"
                data={[...SECTIONS]}
                value={section}
                onChange={setSection}
                clearable
                style={{ flex: '1 1 12rem' }}
              />
              <Checkbox
                label="Show retired items"
                checked={showRetired}
                onChange={(e) => setShowRetired(e.currentTarget.checked)}
                mb={8}
              />
            </>
          }
          filterKey={`${section}-${showRetired}`}
          count={(shown) => `${shown} of ${catalogue.items.length} items`}
          columns={columns}
          rows={rows}
          rowKey={(item) => item.id}
          defaultSort={{ key: 'code', direction: 'ascending' }}
          paging={PAGE_SIZE}
          empty="No items match."
        />
      </Stack>
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
    <StaffArea title="Catalogue" action="manage:catalogue">
      {() => <CatalogueScreen id={id} />}
    </StaffArea>
  );
}
