// The charts' own styles, only in this lazy chunk: the home page's first load stays without
// them (bench/web-bundle).
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { type Dashboard, formatLongDate, formatRand, SECTIONS } from '@eisteddfod/shared';
import { Card, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useDashboard } from './api/dashboard/get-dashboard.ts';
import { useStaffEvents } from './api/events/list-events.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { Figure } from './components/DashboardFigure.tsx';
import { Marking, Uploads } from './components/DashboardProgress.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const SECTION_COLOURS: Record<(typeof SECTIONS)[number], string> = {
  'Dramatic Arts': 'grape.7',
  Music: 'blue.7',
  'Visual Arts & Design': 'teal.7',
  Dance: 'orange.7',
};

/** '2025-03-10' as '10 Mar' for the charts' axes (the tables give the whole date). */
const shortDate = (date: string) => {
  const [day, month] = formatLongDate(date).split(' ');
  return `${day} ${month?.slice(0, 3) ?? ''}`;
};
const wholeRands = (cents: number) => `R ${Math.round(cents / 100).toLocaleString('en-ZA')}`;

type Day = Dashboard['days'][number];

const DAY_COLUMNS: Column<Day>[] = [
  { key: 'date', header: 'Date', cell: (d) => formatLongDate(d.date) },
  ...SECTIONS.map((section) => ({
    key: section,
    header: section,
    cell: (d: Day) => d.sections.find((s) => s.section === section)?.cumulative ?? 0,
  })),
  {
    key: 'new',
    header: 'New that day',
    cell: (d) => d.sections.reduce((n, s) => n + s.entries, 0),
  },
];

const REVENUE_COLUMNS: Column<Day>[] = [
  { key: 'date', header: 'Date', cell: (d) => formatLongDate(d.date) },
  { key: 'orders', header: 'Paid orders', cell: (d) => d.paidOrders },
  { key: 'revenue', header: 'Revenue', cell: (d) => formatRand(d.revenueCents) },
];

function EntriesOverTime({ dashboard }: { dashboard: Dashboard }) {
  const data = dashboard.days.map((d) => ({
    date: shortDate(d.date),
    ...Object.fromEntries(d.sections.map((s) => [s.section, s.cumulative])),
  }));
  return (
    <Figure
      id="entries"
      title="Entries over time"
      description={`Paid entries per section, counted on the day their order was paid (${dashboard.timeZone}); withdrawn entries are left out.`}
      chart={
        <LineChart
          h={260}
          data={data}
          dataKey="date"
          series={SECTIONS.map((s) => ({ name: s, color: SECTION_COLOURS[s] }))}
          curveType="linear"
          // Entries are counted in whole numbers: no 0.75 on the axis.
          yAxisProps={{ allowDecimals: false }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          accessibilityLayer={false}
          withTooltip={false}
          withDots={data.length < 40}
        />
      }
      table={
        <DataTable
          label="Entries over time (table)"
          tableLabel="Entries over time, running totals per section"
          minWidth={640}
          columns={DAY_COLUMNS}
          rows={dashboard.days}
          rowKey={(d) => d.date}
          empty="No order of this event has been paid yet."
        />
      }
    />
  );
}

function Revenue({ dashboard }: { dashboard: Dashboard }) {
  const data = dashboard.days.map((d) => ({
    date: shortDate(d.date),
    Revenue: d.revenueCents,
  }));
  return (
    <Figure
      id="revenue"
      title="Revenue per day"
      description="The totals of the orders paid each day."
      chart={
        <BarChart
          h={240}
          data={data}
          dataKey="date"
          series={[{ name: 'Revenue', color: 'blue.7' }]}
          valueFormatter={formatRand}
          yAxisProps={{ tickFormatter: wholeRands, width: 80 }}
          accessibilityLayer={false}
          withTooltip={false}
        />
      }
      table={
        <DataTable
          label="Revenue per day (table)"
          tableLabel="Revenue per day"
          minWidth={360}
          columns={REVENUE_COLUMNS}
          rows={dashboard.days}
          rowKey={(d) => d.date}
          footer={{
            header: 'Total',
            cells: [dashboard.revenue.paidOrders, formatRand(dashboard.revenue.totalCents)],
          }}
          empty="No order of this event has been paid yet."
        />
      }
    />
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { uploads, revenue, entries, marking } = dashboard;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Card withBorder>
          <Text size="sm">Paid entries</Text>
          <Text fw={700} size="xl">
            {entries.total}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm">Revenue</Text>
          <Text fw={700} size="xl">
            {formatRand(revenue.totalCents)}
          </Text>
          <Text size="sm">{revenue.paidOrders} paid orders</Text>
        </Card>
        <Card withBorder>
          <Text size="sm">Finalised</Text>
          <Text fw={700} size="xl">
            {uploads.overall.finalised} of {uploads.overall.paid}
          </Text>
          <Text size="sm">{uploads.overall.complete} with a main file</Text>
        </Card>
        <Card withBorder>
          <Text size="sm">Results published</Text>
          <Text fw={700} size="xl">
            {marking.published} of {marking.finalised}
          </Text>
        </Card>
      </SimpleGrid>
      {dashboard.days.length === 0 ? (
        <Text>No order of this event has been paid yet.</Text>
      ) : (
        <>
          <EntriesOverTime dashboard={dashboard} />
          <Revenue dashboard={dashboard} />
        </>
      )}
      <Uploads dashboard={dashboard} />
      <Marking dashboard={dashboard} />
    </Stack>
  );
}

function DashboardScreen() {
  const events = useStaffEvents();
  const [search, setSearch] = useSearchParams();
  const list = events.data?.events ?? [];
  const chosen = Number(search.get('event'));
  const eventId =
    list.find((e) => e.id === chosen)?.id ?? (list.find((e) => e.isServed) ?? list[0])?.id;
  const dashboard = useDashboard(eventId);

  if (events.isPending) return <Text>Loading the events…</Text>;
  if (events.isError) return <Text>The events could not be loaded.</Text>;
  if (eventId === undefined) return <Text>There is no event yet.</Text>;
  return (
    <Stack gap="lg">
      <Select
        label="Event"
        maw={360}
        allowDeselect={false}
        value={String(eventId)}
        data={list.map((e) => ({
          value: String(e.id),
          label: `${e.settings.name}${e.isServed ? ' (families see this one)' : ''}`,
        }))}
        onChange={(value) => {
          if (value) setSearch({ event: value }, { replace: true });
        }}
      />
      {dashboard.isPending ? (
        <Text>Loading the dashboard…</Text>
      ) : dashboard.isError ? (
        <Text>The dashboard could not be loaded.</Text>
      ) : (
        <Figures dashboard={dashboard.data} />
      )}
    </Stack>
  );
}

/** /staff/dashboard: an event's figures over time, as charts with their tables (decision 023). */
export default function DashboardPage() {
  return (
    <StaffArea title="Dashboard" action="read:dashboard">
      {() => <DashboardScreen />}
    </StaffArea>
  );
}
