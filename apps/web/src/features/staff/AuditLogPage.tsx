import { AUDIT_PAGE_SIZE, type AuditEntry } from '@eisteddfod/shared';
import {
  Alert,
  Code,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAuditKinds, useAuditLog } from './api/audit-api.ts';
import { ScrollTable } from './components/ScrollTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

/** Before and after, when the change recorded them; else everything it recorded. */
function Details({ entry }: { entry: AuditEntry }) {
  const { before, after, ...rest } = entry.details;
  const show = (value: unknown) => JSON.stringify(value, null, 2);
  return (
    <details>
      <summary>Details</summary>
      <Stack gap={4} mt={4}>
        {before !== undefined && (
          <div>
            <Text size="xs" fw={700}>
              Before
            </Text>
            <Code block>{show(before)}</Code>
          </div>
        )}
        {after !== undefined && (
          <div>
            <Text size="xs" fw={700}>
              After
            </Text>
            <Code block>{show(after)}</Code>
          </div>
        )}
        {Object.keys(rest).length > 0 && <Code block>{show(rest)}</Code>}
      </Stack>
    </details>
  );
}

function AuditLogScreen() {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 400);
  const [action, setAction] = useState<string | null>(null);
  const [entityType, setEntityType] = useState<string | null>(null);
  const kinds = useAuditKinds();
  const log = useAuditLog(page, search, {
    action: action ?? undefined,
    entityType: entityType ?? undefined,
  });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE)) : 1;
  return (
    <Stack gap="md">
      <Text size="sm">
        Every change organisers and adjudicators made, newest first: who, when, what, and the record
        before and after.
      </Text>
      <Group align="flex-end">
        <TextInput
          label="Search the log"
          placeholder="Action, record, name or value"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem' }}
          maw={420}
        />
        <Select
          label="Action"
          placeholder="Every action"
          data={kinds.data?.actions ?? []}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
          searchable
          clearable
          style={{ flex: '1 1 12rem' }}
          maw={280}
        />
        <Select
          label="Record type"
          placeholder="Every type"
          data={kinds.data?.entityTypes ?? []}
          value={entityType}
          onChange={(value) => {
            setEntityType(value);
            setPage(1);
          }}
          clearable
          style={{ flex: '1 1 10rem' }}
          maw={220}
        />
        {log.isFetching && <Loader size="sm" aria-label="Loading the log" />}
      </Group>
      {log.isError && (
        <Alert color="red" title="Error">
          The audit log could not be loaded. Please try again.
        </Alert>
      )}
      {log.data && (
        <>
          <Text size="sm" aria-live="polite">
            {log.data.total} {log.data.total === 1 ? 'change' : 'changes'}
          </Text>
          <ScrollTable label="Changes" minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Before and after</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {when.format(new Date(entry.at))}
                    </Table.Td>
                    <Table.Td>{entry.actor ?? 'The system'}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {entry.entityType} {entry.entityId}
                    </Table.Td>
                    <Table.Td maw={420}>
                      <Details entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? 'Next page'
                    : control === 'previous'
                      ? 'Previous page'
                      : control,
              })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

export default function AuditLogPage() {
  return (
    <StaffArea title="Audit log" roles={['organiser']}>
      {() => <AuditLogScreen />}
    </StaffArea>
  );
}
