import type { FamilyDetails, FamilyEntry } from '@eisteddfod/shared';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ChangeItemDialog, RegenerateCertificatesDialog } from './FamilyDeskDialogs.tsx';
import { at } from './family-desk-format.ts';

const kb = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * A file as what it is: a slot no upload began on is no file (the family's portal reuses it),
 * and a video still arriving has no size yet (its bytes so far are not recorded).
 */
function fileLine(f: FamilyEntry['files'][number]) {
  if (f.state === 'empty') return `Upload started ${at(f.at)}, no data received`;
  if (f.state === 'uploading' || f.sizeInBytes === null)
    return `${f.name} (${f.kind}, upload begun ${at(f.at)}, not finished)`;
  return `${f.name} (${f.kind}, ${kb(f.sizeInBytes)}, ${f.state})`;
}

function GroupMembers({ entry }: { entry: FamilyEntry }) {
  if (!entry.isGroupItem) return null;
  return (
    <>
      <Text size="sm" fw={600} mt="xs">
        Group members ({entry.groupMembers.length})
      </Text>
      {entry.groupMembers.length === 0 ? (
        <Text size="sm">None listed yet.</Text>
      ) : (
        <List size="sm" aria-label={`Members of ${entry.groupName ?? 'the group'}`}>
          {entry.groupMembers.map((m, i) => (
            <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
              {m.name}, Grade {m.grade}, {m.school}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

function EntryCard(props: {
  entry: FamilyEntry;
  onChangeItem: () => void;
  onRegenerate: () => void;
}) {
  const e = props.entry;
  const badge = (label: string, on: boolean) => (
    <Badge color={on ? 'green' : 'gray'} c="black" variant="light">
      {label}
    </Badge>
  );
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={`Entry ${e.itemCode}, ${e.contestant}`}
    >
      <Title order={3} size="h4">
        {e.itemCode} - {e.itemShortDescription}
      </Title>
      <Text size="sm">
        {e.contestant}
        {e.groupName ? ` (${e.groupName})` : ''} · order {e.orderNumber}
      </Text>
      <Group gap={4} mt={4}>
        {badge(e.paid ? 'Paid' : 'Unpaid', e.paid)}
        {e.withdrawn && badge('Withdrawn', false)}
        {badge(e.filesComplete ? 'Files complete' : 'No main file', e.filesComplete)}
        {badge(e.finalised ? `Finalised ${at(e.finalisedAt)}` : 'Not finalised', e.finalised)}
      </Group>
      <GroupMembers entry={e} />
      <Text size="sm" fw={600} mt="xs">
        Files
      </Text>
      {e.files.length === 0 ? (
        <Text size="sm">None.</Text>
      ) : (
        <List size="sm">
          {e.files.map((f) => (
            <List.Item key={f.key} style={{ overflowWrap: 'anywhere' }}>
              {fileLine(f)}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" fw={600} mt="xs">
        Mark
      </Text>
      {e.mark ? (
        <Text size="sm">
          {e.mark.total}/100{e.mark.medal ? ` ${e.mark.medal}` : ''} · {e.mark.status}
          {e.mark.publishedAt ? `, published ${at(e.mark.publishedAt)}` : ', not published'}
          {e.mark.comment ? ` · “${e.mark.comment}”` : ''}
        </Text>
      ) : (
        <Text size="sm">Not marked.</Text>
      )}
      {e.certificates.length > 0 && (
        <List size="sm" mt={4}>
          {e.certificates.map((c) => (
            <List.Item key={c.id}>
              Certificate {c.name}: {c.verificationCode}
              {c.supersededAt ? ` (replaced ${at(c.supersededAt)})` : ''}
            </List.Item>
          ))}
        </List>
      )}
      <Group mt="xs" gap="xs">
        {!e.withdrawn && !e.finalised && (
          <Button size="xs" variant="light" onClick={props.onChangeItem}>
            Change item code
          </Button>
        )}
        {e.mark?.publishedAt && (
          <Button size="xs" variant="light" onClick={props.onRegenerate}>
            Regenerate certificates
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The family's checked-out entries: files, mark and certificates, with the desk's changes. */
export function Entries({ details }: { details: FamilyDetails }) {
  const [changing, setChanging] = useState<FamilyEntry>();
  const [regenerating, setRegenerating] = useState<FamilyEntry>();
  if (details.entries.length === 0) return <Text size="sm">No entries checked out yet.</Text>;
  return (
    <Stack gap="sm">
      {details.entries.map((e) => (
        <EntryCard
          key={e.id}
          entry={e}
          onChangeItem={() => setChanging(e)}
          onRegenerate={() => setRegenerating(e)}
        />
      ))}
      {changing && (
        <ChangeItemDialog
          familyId={details.family.id}
          entry={changing}
          feeCents={details.fees.changeCents}
          onClose={() => setChanging(undefined)}
        />
      )}
      {regenerating && (
        <RegenerateCertificatesDialog
          familyId={details.family.id}
          entry={regenerating}
          feeCents={details.fees.amendmentCents}
          onClose={() => setRegenerating(undefined)}
        />
      )}
    </Stack>
  );
}
