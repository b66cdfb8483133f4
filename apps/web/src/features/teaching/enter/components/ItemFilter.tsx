import type { GridItem } from '@eisteddfod/shared';
import { Group, Select, Switch, TextInput } from '@mantine/core';
import { text } from '../text.ts';

/** Which columns (a desktop) or rows of each card (a phone) the grid shows. */
export interface ItemFilterValue {
  showAll: boolean;
  section: string | null;
  search: string;
}

export const NO_FILTER: ItemFilterValue = { showAll: false, section: null, search: '' };

/**
 * The items shown: those some grade of the class may enter (every item on request), of one
 * section, whose code or name holds the words typed. Ticks of hidden items are kept.
 */
export function filterItems(
  items: GridItem[],
  reachable: Set<number>,
  filter: ItemFilterValue,
): GridItem[] {
  const words = filter.search.trim().toLowerCase();
  return items.filter(
    (i) =>
      (filter.showAll || reachable.has(i.id)) &&
      (filter.section === null || i.section === filter.section) &&
      (words === '' || `${i.code} ${i.name}`.toLowerCase().includes(words)),
  );
}

/** A class meets 60 or more items: a section and a search keep a phone's page short. */
export function ItemFilter(props: {
  items: GridItem[];
  value: ItemFilterValue;
  onChange: (value: ItemFilterValue) => void;
}) {
  const { value, onChange } = props;
  const sections = [...new Set(props.items.map((i) => i.section))];
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label={text('section')}
        data={[
          { value: '', label: text('allSections') },
          ...sections.map((s) => ({ value: s, label: s })),
        ]}
        value={value.section ?? ''}
        allowDeselect={false}
        onChange={(s) => onChange({ ...value, section: s ? s : null })}
        w={{ base: '100%', xs: 240 }}
      />
      <TextInput
        type="search"
        label={text('findItem')}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        w={{ base: '100%', xs: 240 }}
      />
      <Switch
        label={text('showAll')}
        checked={value.showAll}
        onChange={(e) => onChange({ ...value, showAll: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
