import type { ClassGrid, GridItem } from '@eisteddfod/shared';
import { Stack, TextInput, Title } from '@mantine/core';
import { cellKey, existingEntries, type Ticks } from '../ticks.ts';
import { text } from '../text.ts';

/** A name for each group being made: the learners ticked for a group item are one group. */
export function GroupNames(props: {
  grid: ClassGrid;
  items: GridItem[];
  ticks: Ticks;
  onName: (itemId: number, name: string) => void;
}) {
  const { grid, ticks } = props;
  const existing = existingEntries(grid);
  const groups = props.items
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
      {groups.map(({ item, names }) => (
        <TextInput
          key={item.id}
          maxLength={100}
          label={text('groupName', { code: item.code, names: names.join(', ') })}
          value={ticks.groupNames.get(item.id) ?? ''}
          onChange={(e) => props.onName(item.id, e.currentTarget.value)}
        />
      ))}
    </Stack>
  );
}
