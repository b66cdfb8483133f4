import {
  SEASON_PHASE_LABELS,
  type SeasonTask,
  type SeasonTasks,
  type SeasonTaskStatus,
} from '@eisteddfod/shared';
import { Anchor, Badge, Box, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TASK_WORDS } from './season-task-words.ts';

const STATUS: Record<SeasonTaskStatus, { label: string; color: string }> = {
  'to-do': { label: 'To do', color: 'orange' },
  info: { label: 'For information', color: 'blue' },
  'not-yet': { label: 'Cannot start yet', color: 'gray' },
  done: { label: 'Done', color: 'green' },
};

function TaskRow(props: { task: SeasonTask; today: string; eventId: number }) {
  const { task } = props;
  const words = TASK_WORDS[task.id];
  const status = STATUS[task.status];
  const headingId = `task-${task.id}`;
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={3} size="h5" id={headingId}>
          {words.title}
        </Title>
        <Badge color={status.color} c="black" variant="light" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        {words.says(task, props.today)}
      </Text>
      {task.examples.length > 0 && task.status !== 'done' && (
        <List size="sm" mt={4} spacing={2}>
          {task.examples.map((e) => (
            <List.Item key={e.label}>
              {e.href ? (
                <Anchor component={Link} to={e.href} size="sm">
                  {e.label}
                </Anchor>
              ) : (
                e.label
              )}
            </List.Item>
          ))}
        </List>
      )}
      {(task.status === 'to-do' || task.status === 'info') && (
        <Button
          component={Link}
          to={words.action.href(props.eventId)}
          size="xs"
          mt="xs"
          variant={task.status === 'to-do' ? 'filled' : 'light'}
        >
          {words.action.label}
        </Button>
      )}
    </Box>
  );
}

/**
 * The week's work in front (issue 34): the season's phase and its tasks as GOV.UK's task lists
 * show them, what needs someone first, each with where to work it.
 */
export function SeasonTaskList({ tasks }: { tasks: SeasonTasks }) {
  if (!tasks.event) return null;
  const toDo = tasks.tasks.filter((t) => t.status === 'to-do').length;
  const eventId = tasks.event.id;
  return (
    <section aria-labelledby="tasks-heading">
      <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
        <Title order={2} id="tasks-heading">
          What needs doing
        </Title>
        <Badge variant="outline" color="gray.7">
          {SEASON_PHASE_LABELS[tasks.phase]}
        </Badge>
      </Group>
      <Text size="sm" mb="xs">
        {toDo === 0
          ? `Nothing needs you now for ${tasks.event.name}.`
          : `${toDo} of ${tasks.tasks.length} tasks need you now for ${tasks.event.name}.`}
      </Text>
      <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {tasks.tasks.map((t) => (
          <TaskRow key={t.id} task={t} today={tasks.today} eventId={eventId} />
        ))}
      </Stack>
    </section>
  );
}
