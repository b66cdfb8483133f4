import { paths } from '@eisteddfod/shared';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMarkingList } from './api/staff-api.ts';
import { ConflictsPanel } from './components/ConflictsPanel.tsx';
import { MarkStatusBadge } from './components/MarkStatusBadge.tsx';
import { ScrollTable } from './components/ScrollTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

function EntriesTable() {
  const list = useMarkingList();
  if (list.isPending) return <Text>Loading your entries…</Text>;
  if (list.isError) return <Text>Your entries could not be loaded.</Text>;
  if (list.data.length === 0) {
    return <Text>There are no finalised entries for you to mark yet.</Text>;
  }
  return (
    <ScrollTable label="Entries to mark" minWidth={480}>
      <Table striped aria-label="Entries to mark">
        <Table.Thead>
          <Table.Tr>
            {/* Status and total first: on a phone the later columns are scrolled to. */}
            <Table.Th>Entry</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Category</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((e) => (
            <Table.Tr key={e.orderItemId}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.markEntry.href({ orderItemId: e.orderItemId })}
                  fw={600}
                >
                  {e.entryCode}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <MarkStatusBadge status={e.status} />
              </Table.Td>
              <Table.Td>{e.total ?? '–'}</Table.Td>
              <Table.Td>
                {e.itemCode} – {e.itemTitle}
              </Table.Td>
              <Table.Td>{e.categoryName}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** /staff/marking: the adjudicator's entries (blind: entry codes, no names) and conflicts. */
export default function MarkingListPage() {
  return (
    <StaffArea title="Marking" roles={['adjudicator']}>
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
