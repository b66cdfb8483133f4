import { AUDIT_PAGE_SIZE, type AuditEntry } from '@eisteddfod/shared';
import { Alert, Code, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAuditKinds } from './api/audit/list-audit-kinds.ts';
import { useAuditLog } from './api/audit/list-audit-log.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
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

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'at', header: 'When', nowrap: true, cell: (e) => when.format(new Date(e.at)) },
  { key: 'actor', header: 'Who', cell: (e) => e.actor ?? 'The system' },
  { key: 'action', header: 'What', cell: (e) => e.action },
  { key: 'record', header: 'Record', nowrap: true, cell: (e) => `${e.entityType} ${e.entityId}` },
  {
    key: 'details',
    header: 'Before and after',
    style: { maxWidth: 420 },
    cell: (e) => <Details entry={e} />,
  },
];

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
  return (
    <Stack gap="md">
      <Text size="sm">
        Every change organisers and adjudicators made, newest first: who, when, what, and the record
        before and after.
      </Text>
      <DataTable
        label="Changes"
        minWidth={720}
        controls={
          <>
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
          </>
        }
        columns={COLUMNS}
        rows={log.data?.entries ?? []}
        rowKey={(entry) => entry.id}
        count={() => log.data && `${log.data.total} ${log.data.total === 1 ? 'change' : 'changes'}`}
        empty="No change matches."
        loading={log.isFetching}
        error={
          log.isError ? (
            <Alert color="red" title="Error">
              The audit log could not be loaded. Please try again.
            </Alert>
          ) : undefined
        }
        paging={{ page, total: log.data?.total ?? 0, pageSize: AUDIT_PAGE_SIZE, onPage: setPage }}
      />
    </Stack>
  );
}

export default function AuditLogPage() {
  return (
    <StaffArea title="Audit log" action="read:audit-log">
      {() => <AuditLogScreen />}
    </StaffArea>
  );
}
