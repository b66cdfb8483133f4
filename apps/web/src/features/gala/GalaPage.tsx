import { formatLongDate, type Gala } from '@eisteddfod/shared';
import { Alert, Container, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { formatInstant } from '../../shared/event/format-instant.ts';
import { useGala } from './api/gala.ts';
import { MedalCounts } from './components/MedalCounts.tsx';
import { Showcase } from './components/Showcase.tsx';

/**
 * /gala (issue 20): the online gala awards (spec 9: released on the gala date). Before the
 * release, when it happens; after, medal counts per section, the section winners and a showcase
 * of the winners' entries whose families consented to publication.
 */
export default function GalaPage() {
  useDocumentTitle('Online gala awards');
  const gala = useGala();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} mb={4}>
        Online gala awards
      </Title>
      {gala.isPending && <Loader aria-label="Loading the gala" />}
      {gala.isError && (
        <Alert color="red" title="Error">
          The gala could not be loaded just now. Please try again in a moment.
        </Alert>
      )}
      {gala.data && <GalaBody gala={gala.data} />}
    </Container>
  );
}

function GalaBody({ gala }: { gala: Gala }) {
  const when = gala.releaseAt
    ? `${formatInstant(gala.releaseAt, gala.timeZone)} (${gala.timeZone} time)`
    : formatLongDate(gala.galaDate);
  if (!gala.released)
    return (
      <Stack gap="sm">
        <Text size="lg">{gala.eventName}</Text>
        <Alert color="grape" title="Results are not released yet" variant="light">
          <Text c="dark.9">Results will be released on {when}.</Text>
        </Alert>
      </Stack>
    );
  const sections = [...new Set(gala.winners.map((w) => w.section))];
  return (
    <Stack gap="xl">
      <Text size="lg">
        {gala.eventName}: results released on {when}.
      </Text>
      <section aria-labelledby="winners-title">
        <Title order={2} id="winners-title" mb="sm">
          Section winners
        </Title>
        {sections.length === 0 ? (
          <Text>No section winners this year.</Text>
        ) : (
          <Stack gap="md">
            {sections.map((section) => (
              <Table key={section} aria-label={`Section winners of ${section}`} layout="fixed">
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                  <Text fw={700} c="dark.9" component="span">
                    {section}
                  </Text>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Band</Table.Th>
                    <Table.Th>Winner</Table.Th>
                    <Table.Th ta="right" w={80}>
                      Score
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {gala.winners
                    .filter((w) => w.section === section)
                    .map((w) => (
                      <Table.Tr key={`${w.bandLabel}-${w.name}`}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{w.bandLabel}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{w.name}</Table.Td>
                        <Table.Td ta="right">{w.score}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="medals-title">
        <Title order={2} id="medals-title" mb="sm">
          Medals per section
        </Title>
        <MedalCounts sections={gala.sections} />
      </section>
      <section aria-labelledby="showcase-title">
        <Title order={2} id="showcase-title" mb="sm">
          Showcase
        </Title>
        <Showcase items={gala.showcase} />
      </section>
    </Stack>
  );
}
