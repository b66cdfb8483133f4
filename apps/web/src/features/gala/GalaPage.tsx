import type { Gala } from '@eisteddfod/shared';
import { Alert, Container, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { formatDate, formatInstant } from '../../shared/event/format-instant.ts';
import { useGala } from './api/gala.ts';
import { MedalCounts } from './components/MedalCounts.tsx';
import { Showcase } from './components/Showcase.tsx';
import { text } from './text.ts';

/**
 * /gala (issue 20): the online gala awards (spec 9: released on the gala date). Before the
 * release, when it happens; after, medal counts per section, the section winners and a showcase
 * of the winners' entries whose families consented to publication.
 */
export default function GalaPage() {
  useDocumentTitle(text('title'));
  const gala = useGala();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} mb={4}>
        {text('title')}
      </Title>
      {gala.isPending && <Loader aria-label={text('loading')} />}
      {gala.isError && (
        <Alert color="red" title={text('error')}>
          {text('notLoaded')}
        </Alert>
      )}
      {gala.data && <GalaBody gala={gala.data} />}
    </Container>
  );
}

function GalaBody({ gala }: { gala: Gala }) {
  const when = gala.releaseAt
    ? text('releaseTime', {
        time: formatInstant(gala.releaseAt, gala.timeZone),
        timeZone: gala.timeZone,
      })
    : formatDate(gala.galaDate);
  if (!gala.released)
    return (
      <Stack gap="sm">
        <Text size="lg">{gala.eventName}</Text>
        <Alert color="grape" title={text('notReleased')} variant="light">
          <Text c="dark.9">{text('releasedOn', { when })}</Text>
        </Alert>
      </Stack>
    );
  const sections = [...new Set(gala.winners.map((w) => w.section))];
  return (
    <Stack gap="xl">
      <Text size="lg">{text('resultsReleased', { event: gala.eventName, when })}</Text>
      <section aria-labelledby="winners-title">
        <Title order={2} id="winners-title" mb="sm">
          {text('sectionWinners')}
        </Title>
        {sections.length === 0 ? (
          <Text>{text('noWinners')}</Text>
        ) : (
          <Stack gap="md">
            {sections.map((section) => (
              <Table
                key={section}
                aria-label={text('sectionWinnersOf', { section })}
                layout="fixed"
              >
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                  <Text fw={700} c="dark.9" component="span">
                    {section}
                  </Text>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{text('band')}</Table.Th>
                    <Table.Th>{text('winner')}</Table.Th>
                    <Table.Th ta="right" w={80}>
                      {text('score')}
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
          {text('medalsPerSection')}
        </Title>
        <MedalCounts sections={gala.sections} />
      </section>
      <section aria-labelledby="showcase-title">
        <Title order={2} id="showcase-title" mb="sm">
          {text('showcase')}
        </Title>
        <Showcase items={gala.showcase} />
      </section>
    </Stack>
  );
}
