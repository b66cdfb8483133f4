import { BarChart } from '@mantine/charts';
import type { Dashboard } from '@eisteddfod/shared';
import { Card, Text, Title } from '@mantine/core';
import { Figure } from './DashboardFigure.tsx';
import { DataTable, type Column } from './DataTable.tsx';

// The dashboard's figures of the work after the entries: files uploaded and marks given.

type UploadCounts = Dashboard['uploads']['sections'][number];
type AdjudicatorProgress = Dashboard['marking']['adjudicators'][number] & { notStarted: number };

const UPLOAD_COLUMNS: Column<UploadCounts>[] = [
  { key: 'section', header: 'Section', cell: (s) => s.section },
  { key: 'paid', header: 'Paid entries', cell: (s) => s.paid },
  { key: 'complete', header: 'With a main file', cell: (s) => s.complete },
  { key: 'finalised', header: 'Finalised', cell: (s) => s.finalised },
];

const MARKING_COLUMNS: Column<AdjudicatorProgress>[] = [
  { key: 'name', header: 'Adjudicator', cell: (r) => r.name },
  { key: 'assigned', header: 'Assigned', cell: (r) => r.assigned },
  { key: 'submitted', header: 'Submitted', cell: (r) => r.submitted },
  { key: 'drafts', header: 'Drafts', cell: (r) => r.drafts },
  { key: 'notStarted', header: 'Not started', cell: (r) => r.notStarted },
];

export function Uploads({ dashboard }: { dashboard: Dashboard }) {
  const { sections, overall } = dashboard.uploads;
  return (
    <Figure
      id="uploads"
      title="Uploads"
      description="Per section: paid entries, those with a main file, and those finalised for marking."
      chart={
        <BarChart
          h={260}
          data={sections.map((s) => ({
            section: s.section,
            Paid: s.paid,
            'With a main file': s.complete,
            Finalised: s.finalised,
          }))}
          dataKey="section"
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'Paid', color: 'gray.6' },
            { name: 'With a main file', color: 'blue.7' },
            { name: 'Finalised', color: 'teal.7' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          accessibilityLayer={false}
          withTooltip={false}
        />
      }
      table={
        <DataTable
          label="Uploads per section (table)"
          tableLabel="Uploads per section"
          minWidth={480}
          columns={UPLOAD_COLUMNS}
          rows={sections}
          rowKey={(s) => s.section}
          footer={{
            header: 'All sections',
            cells: [overall.paid, overall.complete, overall.finalised],
          }}
          empty="No paid entries yet."
        />
      }
    />
  );
}

export function Marking({ dashboard }: { dashboard: Dashboard }) {
  const { adjudicators, finalised, submitted, published } = dashboard.marking;
  const rows = adjudicators.map((a) => ({
    ...a,
    notStarted: Math.max(0, a.assigned - a.drafts - a.submitted),
  }));
  const summary = `${submitted} of ${finalised} finalised entries have a submitted mark; ${published} results are published.`;
  if (rows.length === 0)
    return (
      <Card withBorder component="section" aria-labelledby="marking-heading">
        <Title order={2} id="marking-heading" size="h3" mb={4}>
          Marking progress
        </Title>
        <Text size="sm">No adjudicators yet. {summary}</Text>
      </Card>
    );
  return (
    <Figure
      id="marking"
      title="Marking progress"
      description={`Per adjudicator: the entries they may mark, by state. ${summary}`}
      chart={
        <BarChart
          h={Math.max(160, rows.length * 48 + 60)}
          data={rows.map((r) => ({
            name: r.name,
            Submitted: r.submitted,
            Drafts: r.drafts,
            'Not started': r.notStarted,
          }))}
          dataKey="name"
          type="stacked"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          xAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'Submitted', color: 'teal.7' },
            { name: 'Drafts', color: 'yellow.6' },
            { name: 'Not started', color: 'gray.5' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          accessibilityLayer={false}
          withTooltip={false}
        />
      }
      table={
        <DataTable
          label="Marking progress per adjudicator (table)"
          tableLabel="Marking progress per adjudicator"
          minWidth={520}
          columns={MARKING_COLUMNS}
          rows={rows}
          rowKey={(r) => r.id}
          empty="No adjudicators yet."
        />
      }
    />
  );
}
