import type { WinnerCandidateLine, WinnersPreview } from '@eisteddfod/shared';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { DataTable, type Column } from '../components/DataTable.tsx';

function Standing({ line, minimumEntries }: { line: WinnerCandidateLine; minimumEntries: number }) {
  if (line.isWinner)
    return (
      <Badge color="grape.9" variant="filled">
        Section Winner
      </Badge>
    );
  if (line.reason === 'TOO_FEW_ENTRIES')
    return <Text size="sm">Too few entries ({minimumEntries} needed)</Text>;
  if (line.reason === 'BELOW_MINIMUM') return <Text size="sm">Points not high enough</Text>;
  return <Text size="sm">Eligible</Text>;
}

/**
 * The preview of the section winners: a table per section and grade band, winners first, the
 * others with why they did not win. Organisers see names and schools: they are not blind.
 */
export function WinnersPreviewTables({ preview }: { preview: WinnersPreview }) {
  const bands = preview.bands.filter((b) => b.candidates.length > 0);
  const columns: Column<WinnerCandidateLine>[] = [
    { key: 'contestant', header: 'Contestant', cell: (line) => line.contestant },
    { key: 'score', header: 'Score', cell: (line) => line.score },
    {
      key: 'standing',
      header: 'Standing',
      // Wide enough for the whole badge (a squeezed one is cut short).
      style: { minWidth: 150 },
      cell: (line) => <Standing line={line} minimumEntries={preview.rule.minimumEntries} />,
    },
    { key: 'entries', header: 'Entries', cell: (line) => line.entries },
    { key: 'counted', header: 'Counted marks', cell: (line) => line.countedMarks.join(', ') },
    { key: 'school', header: 'School', cell: (line) => line.school },
    { key: 'grade', header: 'Grade', cell: (line) => line.grade },
  ];
  if (bands.length === 0) return <Text>No contestant has a submitted mark in any band yet.</Text>;
  return (
    <Stack gap="lg">
      {bands.map((band) => {
        const label = `${band.section}, ${band.bandLabel}`;
        const headingId = `band-${band.section}-${band.band.name}`.replace(/[^A-Za-z0-9-]/g, '-');
        const winners = band.candidates.filter((c) => c.isWinner);
        return (
          <section key={label} aria-labelledby={headingId}>
            <Title order={3} id={headingId} size="h4" mb={4}>
              {label}
            </Title>
            <Text size="sm" mb="xs">
              {winners.length === 0
                ? 'No winner: nobody meets the rule.'
                : winners.length === 1
                  ? `Winner: ${winners[0]!.contestant}.`
                  : `Shared by ${winners.map((w) => w.contestant).join(' and ')}.`}
            </Text>
            <DataTable
              label={label}
              labelledBy={headingId}
              minWidth={680}
              columns={columns}
              rows={band.candidates}
              rowKey={(line) => line.contestantId}
              empty="No contestant has a submitted mark in this band yet."
            />
          </section>
        );
      })}
    </Stack>
  );
}
