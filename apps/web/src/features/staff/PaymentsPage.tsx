import {
  formatRand,
  LEDGER_METHOD_LABELS,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KINDS,
  PAYMENTS_PAGE_SIZE,
  type MovementKind,
  type PaymentNotificationRow,
  type PaymentRow,
  type StaffEvent,
} from '@eisteddfod/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { toast } from '../../lib/toasts.ts';
import { useStaffEvents } from './api/events/list-events.ts';
import { downloadPaymentsCsv } from './api/payment-ledger/download-payments-csv.ts';
import { useReconciliation } from './api/payment-ledger/get-reconciliation.ts';
import { usePaymentNotifications } from './api/payment-ledger/list-payment-notifications.ts';
import { usePayments } from './api/payment-ledger/list-payments.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { AdjustmentDialog } from './components/AdjustmentDialog.tsx';
import { EftByReferenceDialog } from './components/EftByReferenceDialog.tsx';
import { Totals } from './components/PaymentTotals.tsx';

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
const KIND_OPTIONS = MOVEMENT_KINDS.map((k) => ({ value: k, label: MOVEMENT_KIND_LABELS[k] }));
/** A provider's payment is named as the server's provider names it (decision 055). */
const methodLabel = (row: { method: string | null; providerName?: string | undefined }) =>
  row.method === null
    ? '–'
    : (row.providerName ??
      LEDGER_METHOD_LABELS[row.method as keyof typeof LEDGER_METHOD_LABELS] ??
      row.method);

const canAdjust = (row: PaymentRow) =>
  (row.kind === 'provider_payment' && row.state === 'credited') || row.kind === 'manual_payment';

const PAYMENT_COLUMNS = (adjust: (row: PaymentRow) => void): Column<PaymentRow>[] => [
  { key: 'date', header: 'Date', nowrap: true, cell: (row) => row.date },
  { key: 'order', header: 'Order', nowrap: true, cell: (row) => row.orderNumber },
  { key: 'family', header: 'Family', cell: (row) => row.familyName },
  { key: 'kind', header: 'Kind', cell: (row) => MOVEMENT_KIND_LABELS[row.kind] },
  { key: 'method', header: 'Method', cell: (row) => methodLabel(row) },
  {
    key: 'reference',
    header: 'Reference',
    style: { overflowWrap: 'anywhere' },
    cell: (row) => (
      <>
        {row.reference ?? '–'}
        {row.note && <Text size="xs">{row.note}</Text>}
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    nowrap: true,
    cell: (row) =>
      `${row.kind === 'refund' || row.kind === 'credit' ? '−' : ''}${formatRand(row.amountCents)}`,
  },
  {
    key: 'state',
    header: 'State',
    cell: (row) => (
      <Badge
        // A state is never cut short: its cell is as wide as the word.
        miw="max-content"
        variant="light"
        c="black"
        color={row.state === 'credited' || row.state === 'recorded' ? 'green' : 'orange'}
      >
        {row.state}
      </Badge>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (row) =>
      canAdjust(row) && (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`Refund or credit order ${row.orderNumber}`}
          onClick={() => adjust(row)}
        >
          Refund or credit…
        </Button>
      ),
  },
];

function PaymentsList({ eventId }: { eventId: number | undefined }) {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 400);
  const [kind, setKind] = useState<MovementKind | null>(null);
  const [adjusting, setAdjusting] = useState<PaymentRow>();
  const list = usePayments(page, { eventId, kind: kind ?? undefined, search });
  return (
    <Stack gap="sm">
      <DataTable
        label="Payments"
        minWidth={820}
        controls={
          <>
            <TextInput
              label="Search payments"
              placeholder="Order number, family or reference"
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: '1 1 16rem' }}
              maw={420}
            />
            <Select
              label="Kind"
              placeholder="Every kind"
              data={KIND_OPTIONS}
              value={kind}
              onChange={(value) => {
                setKind(value as MovementKind | null);
                setPage(1);
              }}
              clearable
              style={{ flex: '1 1 10rem' }}
              maw={240}
            />
          </>
        }
        columns={PAYMENT_COLUMNS(setAdjusting)}
        rows={list.data?.rows ?? []}
        rowKey={(row) => row.key}
        count={() =>
          list.data && `${list.data.total} ${list.data.total === 1 ? 'payment' : 'payments'}`
        }
        empty={search || kind ? 'No payment matches.' : 'No payment yet.'}
        loading={list.isFetching}
        error={
          list.isError ? (
            <Alert color="red" title="Error">
              The payments could not be loaded. Please try again.
            </Alert>
          ) : undefined
        }
        paging={{
          page,
          total: list.data?.total ?? 0,
          pageSize: PAYMENTS_PAGE_SIZE,
          onPage: setPage,
        }}
      />
      {adjusting && (
        <AdjustmentDialog payment={adjusting} onClose={() => setAdjusting(undefined)} />
      )}
    </Stack>
  );
}

const NOTIFICATION_COLUMNS: Column<PaymentNotificationRow>[] = [
  { key: 'at', header: 'Received', nowrap: true, cell: (n) => when.format(new Date(n.at)) },
  { key: 'provider', header: 'Provider', cell: (n) => n.providerName ?? n.provider },
  { key: 'order', header: 'Order', nowrap: true, cell: (n) => n.orderNumber ?? '–' },
  {
    key: 'reference',
    header: 'Reference',
    style: { overflowWrap: 'anywhere' },
    cell: (n) => n.providerReference ?? '–',
  },
  {
    key: 'amount',
    header: 'Amount',
    nowrap: true,
    cell: (n) => (n.amountCents === null ? '–' : formatRand(n.amountCents)),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (n) => (
      <>
        <Badge miw="max-content" variant="light" c="black" color={n.failed ? 'red' : 'green'}>
          {n.failed ? 'Failed' : (n.outcome ?? 'pending')}
        </Badge>
        {n.reason && <Text size="xs">{n.reason}</Text>}
      </>
    ),
  },
];

function NotificationsList({ eventId }: { eventId: number | undefined }) {
  const [page, setPage] = useState(1);
  const list = usePaymentNotifications(page, eventId);
  if (list.isPending) return <Loader aria-label="Loading the notifications" />;
  if (list.isError)
    return (
      <Alert color="red" title="Error">
        The notifications could not be loaded. Please try again.
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Text size="sm">
        Every notification a payment provider sent, those that failed a check first, with why.
      </Text>
      <DataTable
        label="Payment notifications"
        minWidth={760}
        columns={NOTIFICATION_COLUMNS}
        rows={list.data.rows}
        rowKey={(n) => n.id}
        empty="No notification yet."
        loading={list.isFetching}
        paging={{ page, total: list.data.total, pageSize: PAYMENTS_PAGE_SIZE, onPage: setPage }}
      />
    </Stack>
  );
}

function PaymentsScreen() {
  const events = useStaffEvents();
  if (events.isPending) return <Loader aria-label="Loading the events" />;
  if (events.isError)
    return (
      <Alert color="red" title="Error">
        The events could not be loaded. Please try again.
      </Alert>
    );
  return <EventPayments events={events.data.events} />;
}

function EventPayments({ events }: { events: StaffEvent[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const served = events.find((e) => e.isServed);
  // The event served now until the organiser picks another ('all' for every event).
  const value = chosen ?? (served ? String(served.id) : 'all');
  const eventId = value === 'all' ? undefined : Number(value);
  const sums = useReconciliation(eventId);
  const [exporting, setExporting] = useState(false);
  const [byReference, setByReference] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadPaymentsCsv(eventId);
    } catch {
      toast('error', 'The export could not be made. Please try again.', 'Error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="lg">
      <Group align="flex-end" justify="space-between">
        <Select
          label="Event"
          data={[
            { value: 'all', label: 'Every event' },
            ...events.map((e) => ({
              value: String(e.id),
              label: `${e.settings.name} (${e.settings.year})`,
            })),
          ]}
          value={value}
          onChange={(v) => setChosen(v ?? 'all')}
          allowDeselect={false}
          maw={360}
          style={{ flex: '1 1 14rem' }}
        />
        <Group gap="xs">
          <Button onClick={() => setByReference(true)}>Record an EFT by reference…</Button>
          <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
            Export for the bookkeeper (CSV)
          </Button>
        </Group>
      </Group>
      {byReference && <EftByReferenceDialog onClose={() => setByReference(false)} />}
      {sums.isPending && <Loader aria-label="Loading the totals" />}
      {sums.isError && (
        <Alert color="red" title="Error">
          The totals could not be loaded. Please try again.
        </Alert>
      )}
      {sums.data && <Totals sums={sums.data} />}
      <Tabs defaultValue="payments" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsList eventId={eventId} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="md">
          <NotificationsList eventId={eventId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default function PaymentsPage() {
  return (
    <StaffArea title="Payments" action="manage:payments">
      {() => <PaymentsScreen />}
    </StaffArea>
  );
}
