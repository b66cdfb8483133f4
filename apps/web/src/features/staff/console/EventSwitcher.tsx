import { Badge, Group, NativeSelect, Text } from '@mantine/core';
import { useWorkingEvent } from './working-event.ts';

/**
 * The event being worked on, always in view and switchable (issue 34). Screens of one event
 * follow it; the season's screens (overview, families, payments, marking, results) are the live
 * event's, which the header says when another is chosen.
 */
export function EventSwitcher() {
  const { events, working, choose } = useWorkingEvent();
  if (!working) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <NativeSelect
        aria-label="Event being worked on"
        size="xs"
        value={String(working.id)}
        onChange={(e) => choose(Number(e.currentTarget.value))}
        data={events.map((e) => ({
          value: String(e.id),
          label: `${e.settings.name}${e.isLive ? ' (live)' : ''}`,
        }))}
        maw={260}
      />
      {working.isLive ? (
        <Badge color="green" c="black" variant="light">
          Live
        </Badge>
      ) : (
        <Text size="xs" c="gray.7" maw={180} lh={1.2}>
          Not live: season screens show the live event
        </Text>
      )}
    </Group>
  );
}
