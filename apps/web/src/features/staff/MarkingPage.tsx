import { paths } from '@eisteddfod/shared';
import type { MarkingEntry } from '@eisteddfod/shared';
import { Anchor, Badge, Card, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { prefetchMarkingEntry, useMarkingEntry } from './api/marking/get-marking-entry.ts';
import { useMarkingList } from './api/marking/list-marking.ts';
import { EntryMark } from './components/EntryMark.tsx';
import { EntryPlayer } from './components/EntryPlayer.tsx';
import { MarkingProgress, nextToMark } from './components/MarkingProgress.tsx';
import { MarkStatusBadge } from './components/MarkStatusBadge.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import classes from './MarkingPage.module.css';

const isImage = (label: string) => /\.(png|jpe?g|webp|gif)\)$/i.test(label);

function Files({ entry }: { entry: MarkingEntry }) {
  if (entry.files.length === 0) return <Text>No files were uploaded for this entry.</Text>;
  return (
    <List spacing="sm">
      {entry.files.map((f) => (
        <List.Item key={f.uploadId}>
          <Stack gap={4}>
            <Group gap="sm" wrap="wrap">
              <Text fw={600}>{f.label}</Text>
              {f.playerUrl && (
                <Anchor href={f.playerUrl} target="_blank" rel="noopener">
                  Play {f.label}
                </Anchor>
              )}
              <Anchor href={f.url} target="_blank" rel="noopener">
                Open {f.label}
              </Anchor>
            </Group>
            {f.isVideo && <EntryPlayer file={f} entryCode={entry.entryCode} />}
            {!f.isVideo && isImage(f.label) && (
              <Image src={f.url} alt={`${f.label} of entry ${entry.entryCode}`} maw={480} />
            )}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

/** The progress over the adjudicator's list, and the next entry's data fetched ahead. */
function Progress({ orderItemId }: { orderItemId: number }) {
  const list = useMarkingList();
  const queryClient = useQueryClient();
  const next = list.data ? nextToMark(list.data, orderItemId) : undefined;
  useEffect(() => {
    if (next !== undefined) prefetchMarkingEntry(queryClient, next);
  }, [next, queryClient]);
  return list.data ? <MarkingProgress list={list.data} /> : null;
}

function Entry({ orderItemId }: { orderItemId: number }) {
  const entry = useMarkingEntry(orderItemId);
  const focusFirst = Boolean((useLocation().state as { focusFirst?: boolean } | null)?.focusFirst);
  if (entry.isPending) return <Text>Loading the entry…</Text>;
  if (entry.isError) {
    return (
      <Text>
        This entry is not yours to mark.{' '}
        <Link to={paths.staffMarking.href()}>Back to your entries</Link>
      </Text>
    );
  }
  const e = entry.data;
  return (
    <Stack gap="lg">
      <Progress orderItemId={orderItemId} />
      <Card withBorder>
        <Group gap="sm" wrap="wrap" mb="xs">
          <Title order={2}>Entry {e.entryCode}</Title>
          <MarkStatusBadge status={e.status} />
          {e.isGroupItem && <Badge variant="outline">Group of {e.groupSize}</Badge>}
        </Group>
        <Text fw={600}>
          {e.itemCode} – {e.itemTitle}
        </Text>
        <Text size="sm">
          {e.categoryName}, {e.section}
          {e.instruments ? ` · Instrument: ${e.instruments}` : ''}
        </Text>
        <Text size="sm" mt="xs">
          {e.itemDescription}
        </Text>
      </Card>
      <div className={classes.columns}>
        <section aria-labelledby="files-heading" className={classes.player}>
          <Title order={2} id="files-heading" mb="xs">
            Files
          </Title>
          <Files entry={e} />
        </section>
        <section aria-labelledby="rubric-heading">
          <Title order={2} id="rubric-heading" mb="xs">
            Rubric
          </Title>
          {/* A new form once submitted: it reads the submitted mark back. */}
          <EntryMark
            key={String(e.mark?.status === 'submitted')}
            entry={e}
            focusFirst={focusFirst}
          />
        </section>
      </div>
      <Anchor component={Link} to={paths.staffMarking.href()}>
        Back to your entries
      </Anchor>
    </Stack>
  );
}

/** /staff/marking/:orderItemId: play or view the files, score the rubric, comment, submit. */
export default function MarkingPage() {
  const id = Number(useParams().orderItemId);
  return (
    <StaffArea title="Mark an entry" action="mark:entries">
      {() =>
        Number.isInteger(id) && id > 0 ? (
          <Entry key={id} orderItemId={id} />
        ) : (
          <Text>No such entry.</Text>
        )
      }
    </StaffArea>
  );
}
