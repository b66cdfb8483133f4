import {
  CLASS_ENTRY_STATES,
  paths,
  type ClassEntry,
  type ClassEntryState,
} from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { storedCustomerId } from '../../../lib/storage.ts';
import { useClassEntries } from './api/class-entries.ts';
import { ClassResultsDownloads } from './components/ClassResultsDownloads.tsx';
import { StatementPanel } from './components/StatementPanel.tsx';
import { text } from './text.ts';

/**
 * The entry's place in the uploads portal (decision 067): its learner, searched by its item
 * code. An entry that needs a file or finalising says so on the link.
 */
function UploadsLink({ entry: e }: { entry: ClassEntry }) {
  const to = `${paths.uploads.href()}?${new URLSearchParams({ participant: String(e.learnerId), item: e.itemCode })}`;
  const what = { name: `${e.firstName} ${e.surname}`, code: e.itemCode };
  const [label, name] =
    e.state === 'no-main-file'
      ? [text('upload'), text('uploadFor', what)]
      : e.state === 'not-sent'
        ? [text('finalise'), text('finaliseFor', what)]
        : [text('openUploads'), text('openFor', what)];
  const act = e.state === 'no-main-file' || e.state === 'not-sent';
  return (
    <Button
      component={Link}
      to={to}
      size="xs"
      variant={act ? 'filled' : 'subtle'}
      aria-label={name}
    >
      {label}
    </Button>
  );
}

/** /teaching/class/:membershipId/entries: the class's entries by state, with counts. */
export default function ClassEntriesPage() {
  const membershipId = Number(useParams().membershipId);
  const customerId = storedCustomerId();
  const query = useClassEntries(customerId, membershipId);
  const [state, setState] = useState<ClassEntryState | 'all'>('all');
  const data = query.data;
  useDocumentTitle(data ? text('entriesTitle', { school: data.schoolName }) : undefined);
  if (query.error)
    return (
      <Container py="md">
        <Alert color="red">{messageOf(query.error)}</Alert>
      </Container>
    );
  if (!data) return <Loader m="xl" />;
  const shown = state === 'all' ? data.entries : data.entries.filter((e) => e.state === state);
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1}>{text('entriesTitle', { school: data.schoolName })}</Title>
        {data.wholeSchool && <Text>{text('wholeSchool')}</Text>}
        <Anchor component={Link} to={paths.teachingEnter.href({ membershipId })}>
          {text('enterLink')}
        </Anchor>
        {data.resultsReleased && (
          <ClassResultsDownloads customerId={customerId} membershipId={membershipId} />
        )}
        <StatementPanel customerId={customerId} membershipId={membershipId} />
        <Title order={2} id="class-entries-heading">
          {text('entriesHeading')}
        </Title>
        <Chip.Group value={state} onChange={(v) => setState(v as ClassEntryState | 'all')}>
          <Group gap="xs">
            <Chip value="all">{text('allStates', { count: data.entries.length })}</Chip>
            {CLASS_ENTRY_STATES.map((s) => (
              <Chip key={s} value={s}>
                {text(`state.${s}`, { count: data.counts[s] })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {shown.length === 0 && <Text>{text('noEntries')}</Text>}
        <Stack
          gap="xs"
          component="ul"
          p={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="class-entries-heading"
        >
          {shown.map((e) => (
            <Card key={e.orderItemId} withBorder padding="sm" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>
                    {e.firstName} {e.surname}
                  </Text>
                  <Text size="sm">
                    {e.itemCode} {e.itemName}
                  </Text>
                </div>
                <Group gap="xs">
                  <Badge variant="light" c="black">
                    {text(`badge.${e.state}`)}
                  </Badge>
                  {e.own && e.state !== 'unpaid' && <UploadsLink entry={e} />}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
