import { paths } from '@eisteddfod/shared';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useConfirmWinners } from './api/winners/confirm-winners.ts';
import { useRelease } from './api/winners/get-release.ts';
import { useWinnersRule } from './api/winners/get-winners-rule.ts';
import { useConfirmedWinners } from './api/winners/list-confirmed-winners.ts';
import { useWinnersPreview } from './api/winners/preview-winners.ts';
import { StaffArea } from './components/StaffArea.tsx';
import { ConfirmedWinnersList } from './winners/ConfirmedWinnersList.tsx';
import { ReleasePanel } from './winners/ReleasePanel.tsx';
import { WinnersPreviewTables } from './winners/WinnersPreviewTables.tsx';
import { WinnersRuleForm } from './winners/WinnersRuleForm.tsx';

/**
 * /staff/events/:id/winners (issue 20): the release on the gala date, the section winners'
 * rule, its preview and the confirmation, and the confirmed winners with their certificates.
 */
export default function WinnersPage() {
  const id = Number(useParams().id);
  return (
    <StaffArea title="Section winners and release" action="release:results">
      {() => <WinnersScreen id={id} />}
    </StaffArea>
  );
}

function WinnersScreen({ id }: { id: number }) {
  const rule = useWinnersRule(id);
  const release = useRelease(id);
  const confirmed = useConfirmedWinners(id);
  if (rule.isPending || release.isPending || confirmed.isPending)
    return <Loader aria-label="Loading the section winners" />;
  if (rule.isError || release.isError || confirmed.isError)
    return (
      <Alert color="red" title="Error">
        The section winners could not be loaded. Please try again.
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={paths.staffEvent.href({ id })}>
          Event settings
        </Anchor>
        <Anchor component={Link} to={paths.staffResults.href()}>
          Results
        </Anchor>
        <Anchor component={Link} to={paths.gala.href()}>
          Gala page
        </Anchor>
      </Group>
      <ReleasePanel eventId={id} release={release.data} />
      <RuleAndPreview id={id} settings={rule.data} />
      <ConfirmedWinnersList confirmed={confirmed.data} timeZone={release.data.timeZone} />
    </Stack>
  );
}

function RuleAndPreview({
  id,
  settings,
}: {
  id: number;
  settings: NonNullable<ReturnType<typeof useWinnersRule>['data']>;
}) {
  const [dirty, setDirty] = useState(false);
  const [asked, setAsked] = useState(false);
  const preview = useWinnersPreview(id, asked);
  const confirm = useConfirmWinners(id);
  const data = preview.data;
  return (
    <>
      <WinnersRuleForm
        key={settings.updatedAt ?? 'default'}
        eventId={id}
        settings={settings}
        onDirtyChange={setDirty}
      />
      <Card withBorder component="section" aria-labelledby="preview-heading">
        <Title order={2} id="preview-heading" mb={4}>
          Preview
        </Title>
        <Text size="sm" mb="sm">
          The winners the saved rule gives from the submitted marks now. Nothing is stored until you
          confirm them.
        </Text>
        <Group mb="md" gap="sm" wrap="wrap">
          <Button
            variant="default"
            disabled={dirty}
            loading={preview.isFetching}
            onClick={() => (asked ? void preview.refetch() : setAsked(true))}
          >
            {data ? 'Preview again' : 'Preview winners'}
          </Button>
          {dirty && <Text size="sm">Save the rule to preview it.</Text>}
        </Group>
        {preview.isError && (
          <Alert color="red" title="Error" mb="md">
            The preview could not be made. Please try again.
          </Alert>
        )}
        {data && !dirty && (
          <Stack gap="md">
            {data.unpublishedMarks > 0 && (
              <Text size="sm">
                {data.unpublishedMarks} submitted{' '}
                {data.unpublishedMarks === 1 ? 'mark is' : 'marks are'} not published yet: they
                count here and are published at the release.
              </Text>
            )}
            {data.confirmedAt && (
              <Text size="sm">
                {data.confirmedMatchesPreview
                  ? 'The confirmed winners are the ones shown.'
                  : 'The confirmed winners differ from this preview: confirm again to replace them.'}
              </Text>
            )}
            <WinnersPreviewTables preview={data} />
            <Group>
              <Button
                loading={confirm.isPending}
                disabled={data.confirmedAt !== null && data.confirmedMatchesPreview}
                onClick={() => confirm.mutate(data.previewToken)}
              >
                Confirm winners
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </>
  );
}
