import {
  paths,
  SIGN_IN_REASON_LABELS,
  type SignInEvent,
  type SignInSummary,
} from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Card,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SIGN_INS_REFRESH_MS, useSignIns } from './api/sign-ins-api.ts';
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

/** One of the two 24-hour lists: who (an account or an address), its events, and how many of the other. */
function TopList(props: {
  id: string;
  title: string;
  who: string;
  other: string;
  rows: { key: string; who: ReactNode; events: number; others: number }[];
}) {
  return (
    <section aria-labelledby={props.id}>
      <Title order={2} size="h3" id={props.id} mb="xs">
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm">None in the last 24 hours.</Text>
      ) : (
        <Table striped aria-labelledby={props.id} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{props.who}</Table.Th>
              <Table.Th w={70}>Events</Table.Th>
              <Table.Th w={104}>{props.other}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td style={address}>{r.who}</Table.Td>
                <Table.Td>{r.events}</Table.Td>
                <Table.Td>{r.others}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
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

/** The latest events: a table on a wide screen, one card each on a phone. */
function Latest({ events }: { events: SignInEvent[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (events.length === 0) return <Text size="sm">No failed sign-ins in the last 90 days.</Text>;
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label="Latest events">
        {events.map((e) => (
          <Paper key={e.id} withBorder p="sm" role="listitem">
            <Text fw={700} size="sm">
              {SIGN_IN_REASON_LABELS[e.reason]}
            </Text>
            <Text size="sm">{at(e.at)}</Text>
            <Account customerId={e.customerId} identifier={e.identifier} />
            <Text size="sm" style={address}>
              from {e.ip}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped aria-label="Latest events">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Account</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th>Reason</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{at(e.at)}</Table.Td>
            <Table.Td style={address}>
              <Account customerId={e.customerId} identifier={e.identifier} />
            </Table.Td>
            <Table.Td style={address}>{e.ip}</Table.Td>
            <Table.Td>{SIGN_IN_REASON_LABELS[e.reason]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
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
    <StaffArea title="Sign-ins" roles={['organiser']}>
      {() => <SignInsScreen />}
    </StaffArea>
  );
}
