import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SchoolChild } from '@eisteddfod/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { useChildMove, useSchoolChildren } from './school-children.ts';
import { text } from './text.ts';

type Entry = SchoolChild['entries'][number];

const STATUS: Record<Entry['status'], 'statusCart' | 'statusPaid' | 'statusWithdrawn'> = {
  cart: 'statusCart',
  awaiting_payment: 'statusCart',
  paid: 'statusPaid',
  withdrawn: 'statusWithdrawn',
};

function EntryLine({ entry }: { entry: Entry }) {
  const facts = [
    text(STATUS[entry.status]),
    text('files', { count: entry.files }),
    ...(entry.finalised ? [text('finalised')] : []),
    ...(entry.total !== null ? [text('mark', { total: entry.total })] : []),
  ];
  return (
    <li>
      <Text size="sm" fw={600} span>
        {entry.itemCode} - {entry.itemTitle}
      </Text>
      <Text size="sm" c="gray.7">
        {facts.join(' · ')}
      </Text>
    </li>
  );
}

function ChildCard({
  child,
  onMove,
}: {
  child: SchoolChild;
  onMove: (c: SchoolChild, m: Move) => void;
}) {
  const name = `${child.firstName} ${child.surname}`;
  return (
    <Card withBorder padding="md" data-testid="school-child">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
        <Title order={3} fz="lg">
          {name}
        </Title>
        <Badge variant="light" color="blue" tt="none">
          {text('schoolBadge')}
        </Badge>
      </Group>
      <Text size="sm" mb="sm">
        {text('enteredBy', {
          school: child.schoolName,
          teacher: child.teacherName,
          grade: child.grade,
        })}
      </Text>
      {child.entries.length === 0 ? (
        <Text size="sm" mb="sm">
          {text('noEntries')}
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} mb="sm" pl="md">
          {child.entries.map((e) => (
            <EntryLine key={e.orderItemId} entry={e} />
          ))}
        </Stack>
      )}
      <Group gap="sm" grow preventGrowOverflow={false}>
        <Button
          size="sm"
          aria-label={text('takeOverNamed', { name })}
          onClick={() => onMove(child, 'takeOver')}
        >
          {text('takeOver')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          color="red"
          aria-label={text('leaveNamed', { name })}
          onClick={() => onMove(child, 'leave')}
        >
          {text('leave')}
        </Button>
      </Group>
    </Card>
  );
}

type Move = 'takeOver' | 'leave';

/** The parent's school-entered children, beside their own (decision 063). */
export function SchoolChildren({ customerId }: { customerId: number }) {
  const children = useSchoolChildren(customerId);
  const takeOver = useChildMove(customerId, 'takeOver');
  const leave = useChildMove(customerId, 'leave');
  const [asked, setAsked] = useState<{ child: SchoolChild; move: Move } | null>(null);
  const list = children.data ?? [];
  if (list.length === 0) return null;
  const name = asked ? `${asked.child.firstName} ${asked.child.surname}` : '';
  const pending = takeOver.isPending || leave.isPending;
  const confirm = () => {
    if (!asked) return;
    const mutation = asked.move === 'takeOver' ? takeOver : leave;
    mutation.mutate(asked.child.learnerId, {
      onSuccess: () =>
        toast('success', text(asked.move === 'takeOver' ? 'tookOver' : 'left', { name })),
      onSettled: () => setAsked(null),
    });
  };
  return (
    <section aria-labelledby="school-children-title">
      <Title id="school-children-title" order={2} fz={{ base: 20, sm: 24 }} mt="xl" mb={4}>
        {text('sectionTitle')}
      </Title>
      <Text mb="md">{text('sectionLead')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {list.map((c) => (
          <ChildCard
            key={c.learnerId}
            child={c}
            onMove={(child, move) => setAsked({ child, move })}
          />
        ))}
      </SimpleGrid>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        closeButtonProps={{ 'aria-label': text('close') }}
        title={text(asked?.move === 'leave' ? 'leaveTitle' : 'takeOverTitle', { name })}
      >
        <Text mb="md">
          {text(asked?.move === 'leave' ? 'leaveText' : 'takeOverText', { name })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setAsked(null)}>
            {text('cancel')}
          </Button>
          <Button
            color={asked?.move === 'leave' ? 'red' : undefined}
            loading={pending}
            onClick={confirm}
          >
            {text(asked?.move === 'leave' ? 'leave' : 'takeOver')}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
