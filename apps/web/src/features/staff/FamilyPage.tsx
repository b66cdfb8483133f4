import {
  formatLongDate,
  formatRand,
  paths,
  type FamilyContestant,
  type FamilyDetails,
  type FamilyEntry,
  type FamilyOrder,
} from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { familyKey, useFamily } from './api/family-desk/get-family.ts';
import { useLetInEarly } from './api/family-desk/let-in-early.ts';
import {
  ChangeItemDialog,
  CorrectContestantDialog,
  RegenerateCertificatesDialog,
  ResendConfirmationDialog,
} from './components/FamilyDeskDialogs.tsx';
import { RecordPaymentDialog } from './components/RecordPaymentDialog.tsx';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');
const ORDER_STATUS: Record<FamilyOrder['status'], string> = {
  cart: 'Cart',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};
const isUnpaid = (o: FamilyOrder) => o.status === 'cart' || o.status === 'awaiting_payment';
const kb = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** A label and its value, stacked so that a phone shows them whole. */
function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600}>
        {props.label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {props.children || '—'}
      </Text>
    </div>
  );
}

function Contestants({ details }: { details: FamilyDetails }) {
  const [correcting, setCorrecting] = useState<FamilyContestant>();
  if (details.contestants.length === 0) return <Text size="sm">No contestants yet.</Text>;
  return (
    <Stack gap="sm">
      {details.contestants.map((c) => (
        <Card
          key={c.id}
          withBorder
          padding="sm"
          component="section"
          aria-label={`${c.firstName} ${c.surname}`}
        >
          <Group justify="space-between" align="flex-start">
            <Title order={3} size="h4">
              {c.firstName} {c.surname}
            </Title>
            <Button size="xs" variant="light" onClick={() => setCorrecting(c)}>
              Correct details
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            <Fact label="School">{c.school}</Fact>
            <Fact label="Grade">{c.grade}</Fact>
            <Fact label="Gender">{c.gender}</Fact>
            <Fact label="Email">{c.email}</Fact>
            <Fact label="Mobile">{c.mobileNumber}</Fact>
            <Fact label="Terms accepted">{at(c.acceptedTermsAt)}</Fact>
            <Fact label="Honour pledge">{at(c.acceptedHonourPledgeAt)}</Fact>
            <Fact label="Last changed">{at(c.updatedAt)}</Fact>
          </SimpleGrid>
        </Card>
      ))}
      {correcting && (
        <CorrectContestantDialog
          familyId={details.family.id}
          contestant={correcting}
          feeCents={details.fees.amendmentCents}
          onClose={() => setCorrecting(undefined)}
        />
      )}
    </Stack>
  );
}

const PAYMENT_COLUMNS: Column<FamilyDetails['payments'][number]>[] = [
  { key: 'when', header: 'When', cell: (p) => at(p.at) },
  { key: 'order', header: 'Order', cell: (p) => p.orderNumber },
  { key: 'kind', header: 'Kind', cell: (p) => p.kind.replace('_', ' ') },
  { key: 'method', header: 'Method', cell: (p) => p.method?.replace('_', ' ') },
  {
    key: 'reference',
    header: 'Reference',
    style: { overflowWrap: 'anywhere' },
    cell: (p) => p.reference,
  },
  { key: 'amount', header: 'Amount', cell: (p) => formatRand(p.amountCents) },
  { key: 'state', header: 'State', cell: (p) => p.status },
];

function Orders({ details }: { details: FamilyDetails }) {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<FamilyOrder>();
  const [resending, setResending] = useState<FamilyOrder>();
  return (
    <Stack gap="sm">
      {details.orders.length === 0 && <Text size="sm">No orders yet.</Text>}
      {details.orders.map((o) => (
        <Card
          key={o.id}
          withBorder
          padding="sm"
          component="section"
          aria-label={`Order ${o.orderNumber}`}
        >
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={3} size="h4">
                Order {o.orderNumber}
              </Title>
              <Text size="sm">{o.eventName}</Text>
            </div>
            <Group gap={4}>
              <Badge color={o.status === 'paid' ? 'green' : 'gray'} c="black" variant="light">
                {ORDER_STATUS[o.status]}
              </Badge>
              {o.isImported && (
                <Badge color="blue" c="black" variant="light">
                  Imported
                </Badge>
              )}
            </Group>
          </Group>
          <Text size="sm" mt={4}>
            Total <strong>{formatRand(o.totalCents)}</strong>
            {o.surchargeCents ? ` (late surcharge ${formatRand(o.surchargeCents)})` : ''} · created{' '}
            {at(o.createdAt)} · paid {at(o.completedAt)}
          </Text>
          <List size="sm" mt={4}>
            {o.items.map((i) => (
              <List.Item key={i.id}>
                {i.contestant}: {i.itemCode} - {i.itemShortDescription}
                {i.priceCents !== null && ` (${formatRand(i.priceCents)})`}
                {i.isCancelled && ' — withdrawn'}
              </List.Item>
            ))}
          </List>
          <Group mt="xs" gap="xs">
            {isUnpaid(o) && o.items.length > 0 && (
              <Button size="xs" onClick={() => setPaying(o)}>
                Record payment
              </Button>
            )}
            {o.status === 'paid' && (
              <Button size="xs" variant="light" onClick={() => setResending(o)}>
                Resend payment confirmation
              </Button>
            )}
          </Group>
        </Card>
      ))}
      <Title order={3} size="h4" mt="sm">
        Payments
      </Title>
      {!details.manualPaymentsShown && (
        <Alert color="yellow">Payments recorded by hand cannot be shown in this build.</Alert>
      )}
      <DataTable
        label="Payments"
        minWidth={620}
        columns={PAYMENT_COLUMNS}
        rows={details.payments}
        rowKey={(p) => p.key}
        empty="No payments."
      />
      {paying && (
        <RecordPaymentDialog
          order={{ id: paying.id, orderNumber: paying.orderNumber, totalCents: paying.totalCents }}
          opened
          onClose={() => {
            setPaying(undefined);
            void queryClient.invalidateQueries({ queryKey: familyKey(details.family.id) });
          }}
        />
      )}
      {resending && (
        <ResendConfirmationDialog
          familyId={details.family.id}
          order={resending}
          onClose={() => setResending(undefined)}
        />
      )}
    </Stack>
  );
}

function EntryCard(props: {
  entry: FamilyEntry;
  onChangeItem: () => void;
  onRegenerate: () => void;
}) {
  const e = props.entry;
  const badge = (label: string, on: boolean) => (
    <Badge color={on ? 'green' : 'gray'} c="black" variant="light">
      {label}
    </Badge>
  );
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={`Entry ${e.itemCode}, ${e.contestant}`}
    >
      <Title order={3} size="h4">
        {e.itemCode} - {e.itemShortDescription}
      </Title>
      <Text size="sm">
        {e.contestant}
        {e.groupName ? ` (${e.groupName})` : ''} · order {e.orderNumber}
      </Text>
      <Group gap={4} mt={4}>
        {badge(e.paid ? 'Paid' : 'Unpaid', e.paid)}
        {e.withdrawn && badge('Withdrawn', false)}
        {badge(e.filesComplete ? 'Files complete' : 'No main file', e.filesComplete)}
        {badge(e.finalised ? `Finalised ${at(e.finalisedAt)}` : 'Not finalised', e.finalised)}
      </Group>
      <Text size="sm" fw={600} mt="xs">
        Files
      </Text>
      {e.files.length === 0 ? (
        <Text size="sm">None.</Text>
      ) : (
        <List size="sm">
          {e.files.map((f) => (
            <List.Item key={f.key} style={{ overflowWrap: 'anywhere' }}>
              {f.name} ({f.kind}, {kb(f.sizeInBytes)}, {f.state})
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" fw={600} mt="xs">
        Mark
      </Text>
      {e.mark ? (
        <Text size="sm">
          {e.mark.total}/100{e.mark.medal ? ` ${e.mark.medal}` : ''} · {e.mark.status}
          {e.mark.publishedAt ? `, published ${at(e.mark.publishedAt)}` : ', not published'}
          {e.mark.comment ? ` · “${e.mark.comment}”` : ''}
        </Text>
      ) : (
        <Text size="sm">Not marked.</Text>
      )}
      {e.certificates.length > 0 && (
        <List size="sm" mt={4}>
          {e.certificates.map((c) => (
            <List.Item key={c.id}>
              Certificate {c.name}: {c.verificationCode}
              {c.supersededAt ? ` (replaced ${at(c.supersededAt)})` : ''}
            </List.Item>
          ))}
        </List>
      )}
      <Group mt="xs" gap="xs">
        {!e.withdrawn && !e.finalised && (
          <Button size="xs" variant="light" onClick={props.onChangeItem}>
            Change item code
          </Button>
        )}
        {e.mark?.publishedAt && (
          <Button size="xs" variant="light" onClick={props.onRegenerate}>
            Regenerate certificates
          </Button>
        )}
      </Group>
    </Card>
  );
}

function Entries({ details }: { details: FamilyDetails }) {
  const [changing, setChanging] = useState<FamilyEntry>();
  const [regenerating, setRegenerating] = useState<FamilyEntry>();
  if (details.entries.length === 0) return <Text size="sm">No entries checked out yet.</Text>;
  return (
    <Stack gap="sm">
      {details.entries.map((e) => (
        <EntryCard
          key={e.id}
          entry={e}
          onChangeItem={() => setChanging(e)}
          onRegenerate={() => setRegenerating(e)}
        />
      ))}
      {changing && (
        <ChangeItemDialog
          familyId={details.family.id}
          entry={changing}
          feeCents={details.fees.changeCents}
          onClose={() => setChanging(undefined)}
        />
      )}
      {regenerating && (
        <RegenerateCertificatesDialog
          familyId={details.family.id}
          entry={regenerating}
          feeCents={details.fees.amendmentCents}
          onClose={() => setRegenerating(undefined)}
        />
      )}
    </Stack>
  );
}

const MESSAGE_COLUMNS: Column<FamilyDetails['messages'][number]>[] = [
  { key: 'written', header: 'Written', cell: (m) => at(m.createdAt) },
  {
    key: 'channel',
    header: 'Channel',
    cell: (m) => (m.channel === 'email' ? 'Email' : 'WhatsApp'),
  },
  { key: 'to', header: 'To', style: { overflowWrap: 'anywhere' }, cell: (m) => m.recipient },
  { key: 'subject', header: 'Subject', cell: (m) => m.subject || '—' },
  {
    key: 'state',
    header: 'State',
    cell: (m) => (
      <>
        {m.status}
        {m.lastError && (
          <Text size="xs" c="red.8">
            {m.lastError}
          </Text>
        )}
      </>
    ),
  },
  { key: 'attempts', header: 'Attempts', cell: (m) => m.attempts },
  { key: 'sent', header: 'Sent', cell: (m) => at(m.sentAt) },
];

function Messages({ details }: { details: FamilyDetails }) {
  return (
    <DataTable
      label="Messages"
      minWidth={720}
      columns={MESSAGE_COLUMNS}
      rows={details.messages}
      rowKey={(m) => m.id}
      empty="No messages sent."
    />
  );
}

/**
 * Before the current event's registration opens, the server refuses a family's entries; an
 * organiser can let this family in early (decision 041), once, audited.
 */
function EntryWindow({ details }: { details: FamilyDetails }) {
  const letIn = useLetInEarly(details.family.id);
  if (!details.entryWindow || details.entryWindow.open) return null;
  const { opensOn, letInEarly } = details.entryWindow;
  return (
    <Alert color="blue" title="Entries are not open yet" role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Entries for the current event open on {formatLongDate(opensOn)}. Until then families
          cannot add items to their carts.
        </Text>
        {letInEarly ? (
          <Text size="sm" fw={600}>
            This family may enter early: let in by {letInEarly.by} on {at(letInEarly.at)}.
          </Text>
        ) : (
          <Button size="xs" loading={letIn.isPending} onClick={() => letIn.mutate(undefined)}>
            Let this family enter early
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function FamilyScreen({ id }: { id: number }) {
  const family = useFamily(id);
  if (family.isPending) return <Loader aria-label="Loading the family" />;
  if (family.isError) {
    return (
      <Alert color="red" title="Error">
        The family could not be loaded. It may not exist.
      </Alert>
    );
  }
  const details = family.data;
  const f = details.family;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.staffFamilies.href()} size="sm">
        Back to the search
      </Anchor>
      <Card withBorder padding="sm" component="section" aria-labelledby="family-heading">
        <Title order={2} size="h3" id="family-heading">
          {f.firstName} {f.surname}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
          <Fact label="Email">{f.email}</Fact>
          <Fact label="Mobile">{f.mobileNumber}</Fact>
          <Fact label="Country">{f.country}</Fact>
          <Fact label="Signs in with">
            {f.identities
              .map((i) => `${i.identifier}${i.verified ? '' : ' (not verified)'}`)
              .join(', ')}
          </Fact>
          <Fact label="Registered">{at(f.createdAt)}</Fact>
        </SimpleGrid>
      </Card>
      <EntryWindow details={details} />
      <Tabs defaultValue="contestants" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="contestants">Contestants ({details.contestants.length})</Tabs.Tab>
          <Tabs.Tab value="orders">Orders ({details.orders.length})</Tabs.Tab>
          <Tabs.Tab value="entries">Entries ({details.entries.length})</Tabs.Tab>
          <Tabs.Tab value="messages">Messages ({details.messages.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contestants" pt="sm">
          <Contestants details={details} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="sm">
          <Orders details={details} />
        </Tabs.Panel>
        <Tabs.Panel value="entries" pt="sm">
          <Entries details={details} />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="sm">
          <Messages details={details} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Staff: one family's whole record and the desk's corrections (issue 17, decision 021). */
export default function FamilyPage() {
  const id = Number(useParams().id);
  return (
    <StaffArea title="Family" action="manage:families">
      {() =>
        Number.isInteger(id) && id > 0 ? (
          <FamilyScreen id={id} />
        ) : (
          <Alert color="red">There is no such family.</Alert>
        )
      }
    </StaffArea>
  );
}
