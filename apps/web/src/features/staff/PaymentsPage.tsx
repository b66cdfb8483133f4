import {
  formatRand,
  LEDGER_METHOD_LABELS,
  LEDGER_METHODS,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KINDS,
  parseRand,
  PAYMENTS_PAGE_SIZE,
  RecordAdjustmentSchema,
  type MovementKind,
  type PaymentNotificationRow,
  type PaymentRow,
  type Reconciliation,
  type StaffEvent,
} from '@eisteddfod/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toasts.ts';
import { useStaffEvents } from './api/events/list-events.ts';
import { downloadPaymentsCsv } from './api/payment-ledger/download-payments-csv.ts';
import { useReconciliation } from './api/payment-ledger/get-reconciliation.ts';
import { usePaymentNotifications } from './api/payment-ledger/list-payment-notifications.ts';
import { usePayments } from './api/payment-ledger/list-payments.ts';
import { useRecordAdjustment } from './api/payment-ledger/record-adjustment.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
const KIND_OPTIONS = MOVEMENT_KINDS.map((k) => ({ value: k, label: MOVEMENT_KIND_LABELS[k] }));
const METHOD_OPTIONS = LEDGER_METHODS.map((m) => ({ value: m, label: LEDGER_METHOD_LABELS[m] }));
/** A provider's payment is named as the server's provider names it (decision 055). */
const methodLabel = (row: { method: string | null; providerName?: string | undefined }) =>
  row.method === null
    ? '–'
    : (row.providerName ??
      LEDGER_METHOD_LABELS[row.method as keyof typeof LEDGER_METHOD_LABELS] ??
      row.method);

function Figure(props: { label: string; cents: number; note?: string; alert?: boolean }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm">{props.label}</Text>
      <Text fw={700} size="lg" c={props.alert ? 'red.9' : undefined}>
        {formatRand(props.cents)}
      </Text>
      {props.note && <Text size="xs">{props.note}</Text>}
    </Card>
  );
}

function Totals({ sums }: { sums: Reconciliation }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="payments-totals">
      <Text id="payments-totals" fw={700}>
        Totals
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure
          label="Charged to families"
          cents={sums.chargedCents}
          note={`${sums.paidOrders} paid ${sums.paidOrders === 1 ? 'order' : 'orders'}`}
        />
        <Figure label="Reported by providers" cents={sums.providerCents} />
        <Figure label="Recorded by hand" cents={sums.manualCents} />
        <Figure label="Refunds" cents={sums.refundCents} />
        <Figure label="Credits" cents={sums.creditCents} />
        <Figure label="Net received" cents={sums.netCents} />
        <Figure
          label="Difference"
          cents={sums.differenceCents}
          note="Received less charged"
          alert={sums.differenceCents !== 0}
        />
      </SimpleGrid>
      {sums.discrepancies.length > 0 && (
        <Alert color="orange" title="Orders to look at">
          <List size="sm" spacing={4}>
            {sums.discrepancies.map((d, k) => (
              <List.Item key={`${d.orderId}-${k}`}>
                <strong>{d.orderNumber}</strong> ({d.familyName}): {d.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

interface AdjustmentForm {
  kind: 'refund' | 'credit';
  method: string;
  reference: string;
  receivedOn: string;
  amount: string;
  reason: string;
}
type AdjustmentErrors = Partial<Record<keyof AdjustmentForm, string>>;

/** A refund or a credit against a paid order: the organiser's exceptional record. */
function AdjustmentDialog(props: { payment: PaymentRow; onClose: () => void }) {
  const record = useRecordAdjustment();
  const [form, setForm] = useState<AdjustmentForm>({
    kind: 'refund',
    method: '',
    reference: '',
    receivedOn: new Date().toISOString().slice(0, 10),
    amount: '',
    reason: '',
  });
  const [errors, setErrors] = useState<AdjustmentErrors>({});
  const text =
    (key: 'reference' | 'receivedOn' | 'amount' | 'reason') =>
    (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    };

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountCents = parseRand(form.amount);
    const parsed = RecordAdjustmentSchema.safeParse({
      kind: form.kind,
      method: form.method || null,
      reference: form.reference,
      receivedOn: form.receivedOn,
      amountCents: amountCents ?? -1,
      reason: form.reason,
    });
    if (!parsed.success) {
      const found: AdjustmentErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'amountCents' ? 'amount' : issue.path[0];
        found[key as keyof AdjustmentForm] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(
      { orderId: props.payment.orderId, adjustment: parsed.data },
      {
        onSuccess: () => {
          toast(
            'success',
            `${form.kind === 'refund' ? 'Refund' : 'Credit'} of ${formatRand(parsed.data.amountCents)} recorded for order ${props.payment.orderNumber}.`,
            'Recorded',
          );
          props.onClose();
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Refund or credit for order ${props.payment.orderNumber}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Entry fees are not refundable: record here only a refund or a credit you agreed as an
            exception. The order and its entries do not change.
          </Text>
          <SegmentedControl
            aria-label="Refund or credit"
            data={[
              { value: 'refund', label: 'Refund' },
              { value: 'credit', label: 'Credit' },
            ]}
            value={form.kind}
            onChange={(kind) => setForm((f) => ({ ...f, kind: kind as 'refund' | 'credit' }))}
          />
          <TextInput
            label="Amount (R)"
            required
            inputMode="decimal"
            value={form.amount}
            onChange={text('amount')}
            error={errors.amount}
          />
          <Select
            label="Method"
            placeholder="None (a credit)"
            data={METHOD_OPTIONS}
            value={form.method || null}
            onChange={(method) => setForm((f) => ({ ...f, method: method ?? '' }))}
            clearable
          />
          <TextInput
            label="Reference"
            required
            maxLength={100}
            value={form.reference}
            onChange={text('reference')}
            error={errors.reference}
          />
          <TextInput
            label="Date"
            type="date"
            required
            value={form.receivedOn}
            onChange={text('receivedOn')}
            error={errors.receivedOn}
          />
          <Textarea
            label="Reason"
            required
            maxLength={500}
            value={form.reason}
            onChange={text('reason')}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

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
        <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
          Export for the bookkeeper (CSV)
        </Button>
      </Group>
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
