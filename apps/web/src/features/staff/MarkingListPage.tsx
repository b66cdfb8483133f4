import { paths } from '@eisteddfod/shared';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMarkingList } from './api/marking/list-marking.ts';
import { ConflictsPanel } from './components/ConflictsPanel.tsx';
import { MarkingProgress } from './components/MarkingProgress.tsx';
import { MarkStatusBadge } from './components/MarkStatusBadge.tsx';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

// Status and total first: on a wide table the later columns are scrolled to.
type MarkingListEntry = NonNullable<ReturnType<typeof useMarkingList>['data']>[number];

const COLUMNS: Column<MarkingListEntry>[] = [
  {
    key: 'entry',
    header: 'Entry',
    cell: (e) => (
      <Anchor component={Link} to={paths.markEntry.href({ orderItemId: e.orderItemId })} fw={600}>
        {e.entryCode}
      </Anchor>
    ),
  },
  { key: 'status', header: 'Status', cell: (e) => <MarkStatusBadge status={e.status} /> },
  { key: 'total', header: 'Total', cell: (e) => e.total ?? '–' },
  { key: 'item', header: 'Item', cell: (e) => `${e.itemCode} – ${e.itemTitle}` },
  { key: 'category', header: 'Category', cell: (e) => e.categoryName },
];

function EntriesTable() {
  const list = useMarkingList();
  if (list.isPending) return <Text>Loading your entries…</Text>;
  if (list.isError) return <Text>Your entries could not be loaded.</Text>;
  return (
    <Stack gap="sm">
      {list.data.length > 0 && <MarkingProgress list={list.data} />}
      <DataTable
        label="Entries to mark"
        minWidth={480}
        columns={COLUMNS}
        rows={list.data}
        rowKey={(e) => e.orderItemId}
        empty="There are no finalised entries for you to mark yet."
      />
    </Stack>
  );
}

/** /staff/marking: the adjudicator's entries (blind: entry codes, no names) and conflicts. */
export default function MarkingListPage() {
  return (
    <StaffArea title="Marking" action="mark:entries">
      {() => (
        <Stack gap="xl">
          <section aria-labelledby="entries-heading">
            <Title order={2} id="entries-heading" mb="sm">
              Entries to mark
            </Title>
            <EntriesTable />
          </section>
          <ConflictsPanel />
        </Stack>
      )}
    </StaffArea>
  );
}
