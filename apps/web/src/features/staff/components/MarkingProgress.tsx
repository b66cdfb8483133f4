import type { MarkingEntrySummary } from '@eisteddfod/shared';
import { Progress, Stack, Text } from '@mantine/core';

/** Submitted (or published) marks count as marked; drafts are still to do. */
const isMarked = (e: Pick<MarkingEntrySummary, 'status'>) =>
  e.status === 'submitted' || e.status === 'published';

/**
 * The next entry still to mark after `current`, in the server's order (the list's), else the
 * first one still to mark before it; undefined when every other entry is marked.
 */
export function nextToMark(list: readonly MarkingEntrySummary[], current: number) {
  const at = list.findIndex((e) => e.orderItemId === current);
  const after = [...list.slice(at + 1), ...list.slice(0, Math.max(at, 0))];
  return after.find((e) => e.orderItemId !== current && !isMarked(e))?.orderItemId;
}

/** "3 of 12 marked · 9 left", with a bar: on the marking list and on each entry. */
export function MarkingProgress({ list }: { list: readonly MarkingEntrySummary[] }) {
  const marked = list.filter(isMarked).length;
  const left = list.length - marked;
  const sentence = `${marked} of ${list.length} marked · ${left} left`;
  return (
    <Stack gap={4}>
      <Text fw={600} data-testid="marking-progress">
        {sentence}
      </Text>
      <Progress
        value={list.length === 0 ? 0 : (100 * marked) / list.length}
        aria-label={`Marking progress: ${sentence}`}
        size="sm"
      />
    </Stack>
  );
}
