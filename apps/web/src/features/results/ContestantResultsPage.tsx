import { paths, type ContestantResults } from '@eisteddfod/shared';
import { Alert, Anchor, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useClientConfig } from '../../shared/event/api/client-config.ts';
import { formatInstant } from '../../shared/event/format-instant.ts';
import { useContestantResults } from './api/contestant-results.ts';
import { CertificateLinks } from './components/CertificateLinks.tsx';
import { EntryResultCard } from './components/EntryResultCard.tsx';
import { text } from './text.ts';

/**
 * /participant-profiles/:id/results (issue 20): all of a contestant's results in one place,
 * their Section Winner titles first, each with certificates to download and a link to share
 * that opens the certificate's public verification page.
 */
export default function ContestantResultsPage() {
  const id = Number(useParams().id);
  const results = useContestantResults(id);
  const name = results.data ? `${results.data.firstName} ${results.data.surname}` : undefined;
  const title = name ? text('resultsOf', { name }) : text('title');
  useDocumentTitle(title);
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Anchor component={Link} to={paths.contestants.href()} size="sm">
        {text('contestants')}
      </Anchor>
      <Title order={1} mt="xs" mb={4} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {results.isPending && <Loader aria-label={text('loading')} />}
      {results.isError && (
        <Alert color="red" title={text('error')} role="alert">
          {text('notLoaded')}
        </Alert>
      )}
      {results.data && <ResultsBody results={results.data} />}
    </Container>
  );
}

function ResultsBody({ results }: { results: ContestantResults }) {
  const published = results.entries.filter((e) => e.published).length;
  // The live event's: the results are of the event the site serves.
  const timeZone = useClientConfig().data?.timeZone;
  return (
    <Stack gap="lg">
      <Text>
        {results.released
          ? text('published', {
              event: results.eventName,
              published,
              total: results.entries.length,
            })
          : results.releaseAt
            ? text('releaseOn', {
                event: results.eventName,
                when: formatInstant(results.releaseAt, timeZone),
              })
            : text('releaseOnGala', { event: results.eventName })}
      </Text>
      {results.titles.map((t) => {
        const id = `title-${t.section}-${t.bandLabel}`.replace(/[^A-Za-z0-9-]/g, '-');
        return (
          <Card
            key={id}
            withBorder
            component="section"
            aria-labelledby={id}
            bg="grape.0"
            style={{ borderColor: 'var(--mantine-color-grape-9)' }}
          >
            <Title order={2} size="h3" id={id} style={{ overflowWrap: 'anywhere' }}>
              {text('sectionWinner', { section: t.section, band: t.bandLabel })}
            </Title>
            <Text mb="sm">{text('score', { score: t.score })}</Text>
            {t.certificate ? (
              <CertificateLinks certificates={[t.certificate]} />
            ) : (
              <Text size="sm">{text('certificateComing')}</Text>
            )}
          </Card>
        );
      })}
      {results.entries.length === 0 ? (
        <Text>{text('noEntries')}</Text>
      ) : (
        results.entries.map((entry) => (
          <EntryResultCard key={entry.orderItemId} entry={entry} released={results.released} />
        ))
      )}
    </Stack>
  );
}
