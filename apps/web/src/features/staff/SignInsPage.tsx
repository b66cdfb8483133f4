import {
  paths,
  SIGN_IN_REASON_LABELS,
  type SignInEvent,
  type SignInSummary,
} from '@eisteddfod/shared';
import { Alert, Anchor, Card, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SIGN_INS_REFRESH_MS, useSignIns } from './api/sign-ins/get-sign-ins.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'medium' });
const at = (iso: string) => when.format(new Date(iso));

/** IPv6 addresses are long: they may break anywhere rather than push the page sideways. */
const address = { wordBreak: 'break-all' } as const;

/** The masked address of an account, linked to its page on the family desk. */
function Account(props: { customerId: number | null; identifier: string | null }) {
  const label =
    props.identifier ?? (props.customerId ? `Account ${props.customerId}` : 'No such account');
  return props.customerId === null ? (
    <Text span size="sm" c="dimmed">
      {label}
    </Text>
  ) : (
    <Anchor component={Link} to={paths.staffFamily.href({ id: props.customerId })} size="sm">
      {label}
    </Anchor>
  );
}

function Figure(props: { label: string; value: number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm">{props.label}</Text>
      <Text fw={700} size="xl">
        {props.value}
      </Text>
    </Card>
  );
}

interface TopRow {
  key: string;
  who: ReactNode;
  events: number;
  others: number;
}

/** One of the two 24-hour lists: who (an account or an address), its events, and how many of the other. */
function TopList(props: { id: string; title: string; who: string; other: string; rows: TopRow[] }) {
  const columns: Column<TopRow>[] = [
    { key: 'who', header: props.who, style: address, cell: (r) => r.who },
    { key: 'events', header: 'Events', width: 70, cell: (r) => r.events },
    { key: 'others', header: props.other, width: 104, cell: (r) => r.others },
  ];
  return (
    <section aria-labelledby={props.id}>
      <Title order={2} size="h3" id={props.id} mb="xs">
        {props.title}
      </Title>
      <DataTable
        label={props.title}
        labelledBy={props.id}
        layout="fixed"
        columns={columns}
        rows={props.rows}
        rowKey={(r) => r.key}
        empty="None in the last 24 hours."
      />
    </section>
  );
}

const TopAccounts = ({ rows }: { rows: SignInSummary['topAccounts'] }) => (
  <TopList
    id="top-accounts"
    title="Accounts with the most, last 24 hours"
    who="Account"
    other="Addresses"
    rows={rows.map((r) => ({
      key: String(r.customerId),
      who: <Account customerId={r.customerId} identifier={r.identifier} />,
      events: r.events,
      others: r.addresses,
    }))}
  />
);

const TopAddresses = ({ rows }: { rows: SignInSummary['topAddresses'] }) => (
  <TopList
    id="top-addresses"
    title="Addresses with the most, last 24 hours"
    who="Address"
    other="Accounts"
    rows={rows.map((r) => ({ key: r.ip, who: r.ip, events: r.events, others: r.accounts }))}
  />
);

const LATEST_COLUMNS: Column<SignInEvent>[] = [
  { key: 'at', header: 'When', nowrap: true, cell: (e) => at(e.at) },
  {
    key: 'account',
    header: 'Account',
    style: address,
    cell: (e) => <Account customerId={e.customerId} identifier={e.identifier} />,
  },
  { key: 'address', header: 'Address', style: address, cell: (e) => e.ip },
  { key: 'reason', header: 'Reason', cell: (e) => SIGN_IN_REASON_LABELS[e.reason] },
];

/** A latest event on a phone: a sentence more than a record, so its own card. */
function LatestCard({ event: e }: { event: SignInEvent }) {
  return (
    <Paper withBorder p="sm">
      <Text fw={700} size="sm">
        {SIGN_IN_REASON_LABELS[e.reason]}
      </Text>
      <Text size="sm">{at(e.at)}</Text>
      <Account customerId={e.customerId} identifier={e.identifier} />
      <Text size="sm" style={address}>
        from {e.ip}
      </Text>
    </Paper>
  );
}

/** The latest events: a table on a wide screen, one card each on a phone. */
function Latest({ events }: { events: SignInEvent[] }) {
  return (
    <DataTable
      label="Latest events"
      columns={LATEST_COLUMNS}
      rows={events}
      rowKey={(e) => e.id}
      empty="No failed sign-ins in the last 90 days."
      card={(e) => <LatestCard event={e} />}
    />
  );
}

function SignInsScreen() {
  const summary = useSignIns();
  if (summary.isPending) return <Loader aria-label="Loading the sign-ins" />;
  if (summary.isError) {
    return (
      <Alert color="red" title="Error">
        The sign-ins could not be loaded. Please try again.
      </Alert>
    );
  }
  const s = summary.data;
  return (
    <Stack gap="xl">
      <Text size="sm">
        Wrong, expired and spent pins, and pin sends and checks refused for coming too often
        (counted once a minute per address and account). Pins are never kept; sign-in addresses are
        shown masked. Updated every {SIGN_INS_REFRESH_MS / 1000} seconds; events are kept 90 days.
      </Text>
      <SimpleGrid cols={2} maw={520}>
        <Figure label="Last hour" value={s.lastHour} />
        <Figure label="Last 24 hours" value={s.last24Hours} />
      </SimpleGrid>
      <Text size="sm">
        Last 24 hours by reason:{' '}
        {s.reasons.map((r) => `${SIGN_IN_REASON_LABELS[r.reason]} ${r.events}`).join(' · ')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <TopAccounts rows={s.topAccounts} />
        <TopAddresses rows={s.topAddresses} />
      </SimpleGrid>
      <section aria-labelledby="latest-events">
        <Title order={2} size="h3" id="latest-events" mb="xs">
          Latest events
        </Title>
        <Latest events={s.latest} />
      </section>
    </Stack>
  );
}

/** /staff/sign-ins: failed and throttled sign-ins, per account and per address (issue 30). */
export default function SignInsPage() {
  return (
    <StaffArea title="Sign-ins" action="read:sign-ins">
      {() => <SignInsScreen />}
    </StaffArea>
  );
}
