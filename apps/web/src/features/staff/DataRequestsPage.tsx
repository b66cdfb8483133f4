import { ERASURE_SUMMARY, formatLongDate, type StaffErasureRequest } from '@eisteddfod/shared';
import { Alert, Badge, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../lib/toasts.ts';
import { useCarryOutErasure } from './api/data-requests/carry-out-erasure.ts';
import { useDataRequests } from './api/data-requests/list-data-requests.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const day = (iso: string) => formatLongDate(iso.slice(0, 10));
const nameOf = (r: StaffErasureRequest) => r.familyName ?? `Account ${r.customerId}`;

/** What was removed, as the request keeps it: "3 login identities, 2 files…". */
function removed(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind.replace(/([A-Z])/g, ' $1').toLowerCase()}`);
  return parts.length > 0 ? parts.join(', ') : 'Nothing was held';
}

/** Erasure cannot be undone: the organiser reads what goes and what stays first. */
function EraseDialog(props: { request: StaffErasureRequest; onClose: () => void }) {
  const erase = useCarryOutErasure();
  const name = nameOf(props.request);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Erase ${name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          Removed, for good:
        </Text>
        <List size="sm">
          {ERASURE_SUMMARY.removed.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          Kept:
        </Text>
        <List size="sm">
          {ERASURE_SUMMARY.kept.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm">The family is signed out at once and can no longer sign in.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={erase.isPending}
            onClick={() =>
              erase.mutate(props.request.id, {
                onSuccess: () => {
                  toast('success', `${name}'s data was erased.`, 'Erased');
                  props.onClose();
                },
              })
            }
          >
            Erase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DataRequestsScreen() {
  const requests = useDataRequests();
  const [erasing, setErasing] = useState<StaffErasureRequest>();
  if (requests.isPending) return <Loader aria-label="Loading the requests" />;
  if (requests.isError)
    return (
      <Alert color="red" title="Error">
        The requests could not be loaded. Please try again.
      </Alert>
    );
  const columns: Column<StaffErasureRequest>[] = [
    {
      key: 'family',
      header: 'Family',
      cell: (r) => (
        <>
          <Text size="sm" fw={600}>
            {nameOf(r)}
          </Text>
          {r.email && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.email}
            </Text>
          )}
          {r.mobileNumber && <Text size="sm">{r.mobileNumber}</Text>}
        </>
      ),
    },
    {
      key: 'asked',
      header: 'Asked',
      cell: (r) => (
        <>
          {day(r.requestedAt)}
          {r.requestedBy === 'organiser' && <Text size="xs">by an organiser</Text>}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <Badge
          miw="max-content"
          color={r.status === 'done' ? 'green' : 'orange'}
          c="black"
          variant="light"
        >
          {r.status === 'done' ? 'Done' : 'Pending'}
        </Badge>
      ),
    },
    {
      key: 'erasure',
      header: 'Erasure',
      cell: (r) =>
        r.status === 'pending' ? (
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            aria-label={`Carry out erasure of ${nameOf(r)}`}
            onClick={() => setErasing(r)}
          >
            Carry out erasure…
          </Button>
        ) : (
          <Text size="xs">
            {r.completedAt && `${day(r.completedAt)}: `}
            {r.counts ? removed(r.counts) : ''}
          </Text>
        ),
    },
  ];
  return (
    <Stack gap="lg">
      <Text size="sm">
        Families ask from My Profile for their personal data to be erased (POPIA). Please carry a
        request out within 30 days. Orders and payments stay, without names, for five years.
      </Text>
      <DataTable
        label="Requests for erasure"
        minWidth={640}
        columns={columns}
        rows={requests.data}
        rowKey={(r) => r.id}
        empty="No family has asked for erasure."
      />
      {erasing && <EraseDialog request={erasing} onClose={() => setErasing(undefined)} />}
    </Stack>
  );
}

export default function DataRequestsPage() {
  return (
    <StaffArea title="Data requests" action="manage:data-requests">
      {() => <DataRequestsScreen />}
    </StaffArea>
  );
}
