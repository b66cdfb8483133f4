import {
  groupCountMessage,
  type ClassGrid,
  type GridItem,
  type GroupMember,
} from '@eisteddfod/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { wordsOf } from '../../../../lib/i18n/catalogue.ts';
import { GroupMembersForm } from '../../../../shared/cart/components/GroupMembersForm.tsx';
import { GroupParticipantsDialog } from '../../../../shared/cart/components/GroupParticipantsModal.tsx';
import { cellKey, existingEntries, type Ticks } from '../ticks.ts';
import { text } from '../text.ts';

interface Making {
  item: GridItem;
  names: string[];
}

/**
 * Each group being made: the learners ticked for a group item are one group, with its name and
 * its members from elsewhere typed in as the cart's group participants dialog takes them.
 */
export function GroupNames(props: {
  grid: ClassGrid;
  items: GridItem[];
  ticks: Ticks;
  onName: (itemId: number, name: string) => void;
  onMembers: (itemId: number, members: GroupMember[]) => void;
}) {
  const { grid, ticks } = props;
  const [editing, setEditing] = useState<Making | null>(null);
  const existing = existingEntries(grid);
  const groups: Making[] = props.items
    .filter((i) => i.isGroupItem)
    .map((item) => ({
      item,
      names: grid.learners
        .filter(
          (l) => ticks.ticked.has(cellKey(l.id, item.id)) && !existing.has(cellKey(l.id, item.id)),
        )
        .map((l) => l.firstName),
    }))
    .filter((g) => g.names.length > 0);
  if (groups.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {text('groupsTitle')}
      </Title>
      {groups.map(({ item, names }) => {
        const others = ticks.groupMembers.get(item.id) ?? [];
        return (
          <Group key={item.id} gap="sm" align="flex-end">
            <TextInput
              maxLength={100}
              label={text('groupName', { code: item.code, names: names.join(', ') })}
              value={ticks.groupNames.get(item.id) ?? ''}
              onChange={(e) => props.onName(item.id, e.currentTarget.value)}
              flex="1 1 16rem"
            />
            <Button
              variant="light"
              onClick={() => setEditing({ item, names })}
              aria-label={text('otherMembersFor', { code: item.code, count: others.length })}
            >
              {text('otherMembers', { count: others.length })}
            </Button>
          </Group>
        );
      })}
      <GroupParticipantsDialog opened={editing !== null} onClose={() => setEditing(null)}>
        {editing && (
          <OtherMembers
            key={editing.item.id}
            making={editing}
            members={ticks.groupMembers.get(editing.item.id) ?? []}
            onSave={(members) => {
              props.onMembers(editing.item.id, members);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </GroupParticipantsDialog>
    </Stack>
  );
}

/** The cart's form for the members who are not learners of the class; the learners count too. */
function OtherMembers(props: {
  making: Making;
  members: GroupMember[];
  onSave: (members: GroupMember[]) => void;
  onCancel: () => void;
}) {
  const { item, names } = props.making;
  return (
    <GroupMembersForm
      heading={
        <div>
          <Text fw={700}>
            {item.code} {item.name}
          </Text>
          <Text size="sm">
            {text('withLearners', { names: names.join(', ') })}{' '}
            {wordsOf(groupCountMessage(item.minimumParticipants, item.maximumParticipants))}
          </Text>
        </div>
      }
      initial={props.members}
      min={Math.max(0, item.minimumParticipants - names.length)}
      max={Math.max(0, item.maximumParticipants - names.length)}
      counted={names.length}
      price={0}
      saving={false}
      onSave={props.onSave}
      onCancel={props.onCancel}
    />
  );
}
