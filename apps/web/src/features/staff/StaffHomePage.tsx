import { can, formatRand, type Overview, paths } from '@eisteddfod/shared';
import {
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toasts.ts';
import { useSignIns } from './api/sign-ins/get-sign-ins.ts';
import { useMarkingList } from './api/marking/list-marking.ts';
import { downloadEntriesCsv } from './api/overview/download-entries-csv.ts';
import { useOverview } from './api/overview/get-overview.ts';
import { BackgroundJobs } from './components/BackgroundJobs.tsx';
import { isNoEventYet } from '../../shared/event/no-event-yet.ts';
import { NoEventYet } from './components/NoEventYet.tsx';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 100);

/** A labelled bar: part of whole, with the figures in words for screen readers. */
type SectionCounts = Overview['sections'][number];

const count = (key: Exclude<keyof SectionCounts, 'section'>, header: string) => ({
  key,
  header,
  cell: (s: SectionCounts) => s[key],
});

const SECTION_COLUMNS: Column<SectionCounts>[] = [
  { key: 'section', header: 'Section', cell: (s) => s.section },
  count('entries', 'Entries'),
  count('finalised', 'Finalised'),
  count('withdrawn', 'Withdrawn'),
  count('marked', 'Marked'),
  count('published', 'Published'),
];

function Bar(props: { label: string; part: number; whole: number }) {
  const value = percent(props.part, props.whole);
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{props.label}</Text>
        <Text size="sm" fw={600}>
          {props.part} of {props.whole}
        </Text>
      </Group>
      <Progress value={value} aria-label={`${props.label}: ${props.part} of ${props.whole}`} />
    </Stack>
  );
}

/** 'N failed sign-ins in the last hour', linked to the sign-ins screen; nothing until known. */
function FailedSignIns() {
  const signIns = useSignIns();
  if (!signIns.data) return null;
  const n = signIns.data.lastHour;
  return (
    <Text size="sm">
      <Anchor component={Link} to={paths.staffSignIns.href()} fw={n > 0 ? 700 : undefined}>
        {n} failed sign-in{n === 1 ? '' : 's'} in the last hour
      </Anchor>
    </Text>
  );
}

function OrganiserOverview({ overview }: { overview: Overview }) {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      await downloadEntriesCsv();
    } catch {
      toast('error', 'The export could not be made. Please try again.', 'Error');
    } finally {
      setExporting(false);
    }
  }
  const totals = overview.sections.reduce(
    (sum, s) => ({ entries: sum.entries + s.entries, finalised: sum.finalised + s.finalised }),
    { entries: 0, finalised: 0 },
  );
  return (
    <Stack gap="xl">
      <FailedSignIns />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm">Payments received</Text>
          <Text fw={700} size="xl">
            {formatRand(overview.payments.receivedCents)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm">Paid orders</Text>
          <Text fw={700} size="xl">
            {overview.payments.paidOrders}
          </Text>
          <Text size="sm">{overview.payments.awaitingPayment} awaiting payment</Text>
        </Card>
        <Card withBorder>
          <Text size="sm">Entries finalised</Text>
          <Text fw={700} size="xl">
            {totals.finalised} of {totals.entries}
          </Text>
        </Card>
      </SimpleGrid>

      <section aria-labelledby="sections-heading">
        <Title order={2} id="sections-heading" mb="sm">
          Entries per section
        </Title>
        <DataTable
          label="Entries per section"
          minWidth={520}
          columns={SECTION_COLUMNS}
          rows={overview.sections}
          rowKey={(s) => s.section}
          empty="No entries yet."
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          {overview.sections.map((s) => (
            <Bar
              key={s.section}
              label={`${s.section} marked`}
              part={s.marked}
              whole={s.finalised}
            />
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="progress-heading">
        <Title order={2} id="progress-heading" mb="sm">
          Marking progress
        </Title>
        {overview.adjudicators.length === 0 ? (
          <Text>
            No adjudicators yet. <Link to={paths.staffAdjudicators.href()}>Invite one</Link>.
          </Text>
        ) : (
          <Stack>
            {overview.adjudicators.map((a) => (
              <Bar
                key={a.id}
                label={`${a.name} (${a.progress.drafts} drafts)`}
                part={a.progress.submitted}
                whole={a.progress.assigned}
              />
            ))}
          </Stack>
        )}
      </section>

      <BackgroundJobs />

      <Group>
        <Button onClick={() => void exportCsv()} loading={exporting}>
          Export entries (CSV)
        </Button>
        <Button component={Link} to={paths.staffResults.href()} variant="light">
          Review and publish results
        </Button>
      </Group>
    </Stack>
  );
}

function OrganiserHome() {
  const overview = useOverview();
  if (overview.isPending) return <Text>Loading the overview…</Text>;
  if (overview.isError) {
    if (isNoEventYet(overview.error)) return <NoEventYet />;
    return <Text>The overview could not be loaded.</Text>;
  }
  return <OrganiserOverview overview={overview.data} />;
}

function AdjudicatorHome() {
  const list = useMarkingList();
  const entries = list.data ?? [];
  const submitted = entries.filter((e) => e.status === 'submitted' || e.status === 'published');
  return (
    <Stack>
      <Bar label="Entries marked" part={submitted.length} whole={entries.length} />
      <Group>
        <Button component={Link} to={paths.staffMarking.href()}>
          Go to marking
        </Button>
      </Group>
    </Stack>
  );
}

/** /staff: the organiser's overview, or the adjudicator's progress. */
export default function StaffHomePage() {
  return (
    <StaffArea title="Staff overview" action="enter:staff-area">
      {(me) => (can(me.role, 'read:entries') ? <OrganiserHome /> : <AdjudicatorHome />)}
    </StaffArea>
  );
}
