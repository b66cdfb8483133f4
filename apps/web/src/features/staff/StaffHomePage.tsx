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
import { downloadEntriesCsv } from './api/overview/download-entries-csv.ts';
import { useOverview } from './api/overview/get-overview.ts';
import { useSeasonTasks } from './api/overview/get-season-tasks.ts';
import { SeasonTaskList } from './components/SeasonTaskList.tsx';
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

/** The task list, once known; it waits for the overview, which says when there is no event. */
function Tasks() {
  const tasks = useSeasonTasks();
  if (tasks.isPending) return <Text>Loading what needs doing…</Text>;
  if (tasks.isError) return <Text>What needs doing could not be loaded.</Text>;
  return <SeasonTaskList tasks={tasks.data} />;
}

function OrganiserHome(props: { withTasks: boolean }) {
  const overview = useOverview();
  if (overview.isPending) return <Text>Loading the overview…</Text>;
  if (overview.isError) {
    if (isNoEventYet(overview.error)) return <NoEventYet />;
    return <Text>The overview could not be loaded.</Text>;
  }
  return (
    <Stack gap="xl">
      {props.withTasks && <Tasks />}
      <OrganiserOverview overview={overview.data} />
    </Stack>
  );
}

/**
 * /staff: the organiser's overview, where the console starts (issue 34): the week's work first,
 * then the season's figures. Adjudicators start on their marking (the console takes them there).
 */
export default function StaffHomePage() {
  return (
    <StaffArea title="Staff overview" action="read:entries">
      {(me) => <OrganiserHome withTasks={can(me.role, 'read:dashboard')} />}
    </StaffArea>
  );
}
