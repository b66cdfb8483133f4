import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDownloadClassPack } from '../api/class-results.ts';
import { text } from '../text.ts';

/**
 * The class's results pack (decision 067): offered only once the results are released, the
 * rule the server applies too (409 before).
 */
export function ClassResultsDownloads(props: { customerId: number; membershipId: number }) {
  const download = useDownloadClassPack(props.customerId, props.membershipId);
  const busy = (pack: 'resultsCsv' | 'certificatesZip') =>
    download.isPending && download.variables === pack;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="class-results-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="class-results-title">
          {text('resultsTitle')}
        </Title>
        <Text>{text('resultsIntro')}</Text>
        <Group gap="sm">
          <Button
            variant="default"
            loading={busy('resultsCsv')}
            onClick={() => download.mutate('resultsCsv')}
          >
            {text('resultsCsv')}
          </Button>
          <Button
            loading={busy('certificatesZip')}
            onClick={() => download.mutate('certificatesZip')}
          >
            {text('certificatesZip')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
