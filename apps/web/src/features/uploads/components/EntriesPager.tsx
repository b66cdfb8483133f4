import { Button, Group, Text } from '@mantine/core';
import { ENTRIES_PAGE_SIZE } from '../api/participant-order-items.ts';
import { text } from '../text.ts';

/** Previous and Next through a contestant's entries, ten at a time (spec 9: take 10). */
export function EntriesPager(props: {
  skip: number;
  total: number;
  onSkip: (skip: number) => void;
}) {
  const { skip, total } = props;
  if (total <= ENTRIES_PAGE_SIZE) return null;
  const lastShown = Math.min(skip + ENTRIES_PAGE_SIZE, total);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Button
        size="md"
        variant="default"
        disabled={skip === 0}
        onClick={() => props.onSkip(Math.max(0, skip - ENTRIES_PAGE_SIZE))}
      >
        {text('previous')}
      </Button>
      <Text size="sm">{text('pagerRange', { first: skip + 1, last: lastShown, total })}</Text>
      <Button
        size="md"
        variant="default"
        disabled={skip + ENTRIES_PAGE_SIZE >= total}
        onClick={() => props.onSkip(skip + ENTRIES_PAGE_SIZE)}
      >
        {text('next')}
      </Button>
    </Group>
  );
}
