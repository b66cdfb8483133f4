import type { WinnerCandidateLine, WinnersPreview } from '@eisteddfod/shared';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '../components/ScrollTable.tsx';

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
            <ScrollTable label={label} minWidth={680}>
              <Table striped aria-labelledby={headingId}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Contestant</Table.Th>
                    <Table.Th>Score</Table.Th>
                    <Table.Th>Standing</Table.Th>
                    <Table.Th>Entries</Table.Th>
                    <Table.Th>Counted marks</Table.Th>
                    <Table.Th>School</Table.Th>
                    <Table.Th>Grade</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {band.candidates.map((line) => (
                    <Table.Tr key={line.contestantId}>
                      <Table.Td>{line.contestant}</Table.Td>
                      <Table.Td>{line.score}</Table.Td>
                      {/* Wide enough for the whole badge (a squeezed one is cut short). */}
                      <Table.Td miw={150}>
                        <Standing line={line} minimumEntries={preview.rule.minimumEntries} />
                      </Table.Td>
                      <Table.Td>{line.entries}</Table.Td>
                      <Table.Td>{line.countedMarks.join(', ')}</Table.Td>
                      <Table.Td>{line.school}</Table.Td>
                      <Table.Td>{line.grade}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </section>
        );
      })}
    </Stack>
  );
}
