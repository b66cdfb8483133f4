import { ActionIcon, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ClassLearner, ParentLink } from '@eisteddfod/shared';
import { text } from '../text.ts';
import { ParentCell } from './ParentCell.tsx';

const genderWord = (g: ClassLearner['gender']) => (g ? text(g) : '');

function Actions({
  learner,
  onEdit,
  onRemove,
}: {
  learner: ClassLearner;
  onEdit: (l: ClassLearner) => void;
  onRemove: (l: ClassLearner) => void;
}) {
  const name = `${learner.firstName} ${learner.surname}`;
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={text('editNamed', { name })}
        onClick={() => onEdit(learner)}
      >
        ✎
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={text('removeNamed', { name })}
        disabled={learner.entries > 0}
        onClick={() => onRemove(learner)}
      >
        ✕
      </ActionIcon>
    </Group>
  );
}

/** The learners' parents (decision 063), and the invitation button's state. */
export interface ParentsView {
  byLearner: Map<number, ParentLink>;
  invitingId: number | null;
  onInvite: (learnerId: number) => void;
}

/** The class's learners: cards on a phone, a table on a wider screen. */
export function LearnerList({
  learners,
  mine,
  parents,
  onEdit,
  onRemove,
}: {
  learners: ClassLearner[];
  mine: boolean;
  parents: ParentsView;
  onEdit: (l: ClassLearner) => void;
  onRemove: (l: ClassLearner) => void;
}) {
  const parent = (l: ClassLearner) => l.parentEmail ?? l.parentMobile ?? text('noParent');
  const cell = (l: ClassLearner) => (
    <ParentCell
      link={parents.byLearner.get(l.id)}
      mine={mine}
      inviting={parents.invitingId === l.id}
      onInvite={parents.onInvite}
    />
  );
  return (
    <>
      <Stack gap="sm" hiddenFrom="sm" data-testid="learner-cards">
        {learners.map((l) => (
          <Card key={l.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {/* A long address wraps rather than pushing the buttons off a phone's screen. */}
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={600}>
                  {l.firstName} {l.surname}
                </Text>
                <Text size="sm">
                  {text('grade')} {l.grade} · {genderWord(l.gender)} ·{' '}
                  {text('entryCount', { count: l.entries })}
                </Text>
                <Text size="sm" c="gray.7" mb={4}>
                  {parent(l)}
                </Text>
                {cell(l)}
              </div>
              {mine && <Actions learner={l} onEdit={onEdit} onRemove={onRemove} />}
            </Group>
          </Card>
        ))}
      </Stack>
      <Table visibleFrom="sm" striped highlightOnHover data-testid="learner-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text('firstName')}</Table.Th>
            <Table.Th>{text('surname')}</Table.Th>
            <Table.Th>{text('grade')}</Table.Th>
            <Table.Th>{text('gender')}</Table.Th>
            <Table.Th>{text('entries')}</Table.Th>
            <Table.Th>{text('parent')}</Table.Th>
            {mine && <Table.Th>{text('actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {learners.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.firstName}</Table.Td>
              <Table.Td>{l.surname}</Table.Td>
              <Table.Td>{l.grade}</Table.Td>
              <Table.Td>{genderWord(l.gender)}</Table.Td>
              <Table.Td>{l.entries}</Table.Td>
              <Table.Td>
                <Text size="sm" mb={4}>
                  {parent(l)}
                </Text>
                {cell(l)}
              </Table.Td>
              {mine && (
                <Table.Td>
                  <Actions learner={l} onEdit={onEdit} onRemove={onRemove} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
