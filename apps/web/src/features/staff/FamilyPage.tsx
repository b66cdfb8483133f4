import {
  formatLongDate,
  paths,
  type FamilyContestant,
  type FamilyDetails,
} from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useFamily } from './api/family-desk/get-family.ts';
import { useLetInEarly } from './api/family-desk/let-in-early.ts';
import { CorrectContestantDialog } from './components/FamilyDeskDialogs.tsx';
import { DataTable, type Column } from './components/DataTable.tsx';
import { FamilyTeaching } from './components/DeskSchools.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { Entries } from './components/FamilyEntries.tsx';
import { ContestantPhoto } from './components/FamilyPhoto.tsx';
import { Orders } from './components/FamilyOrders.tsx';
import { at } from './components/family-desk-format.ts';

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
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <ContestantPhoto contestant={c} />
              <Title order={3} size="h4">
                {c.firstName} {c.surname}
              </Title>
            </Group>
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
      <FamilyTeaching teaching={details.teaching} />
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
