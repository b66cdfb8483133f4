import type { ClassGrid, GridItem } from '@eisteddfod/shared';
import { Card, Group, Stack, Text } from '@mantine/core';
import { GridCell } from './GridCell.tsx';
import type { GridView } from './grid-view.ts';
import { text } from '../text.ts';

/** A phone's grid: a card per learner, listing the items their grade allows (or every one). */
export function LearnerCards({
  grid,
  items,
  view,
  showAll,
}: {
  grid: ClassGrid;
  items: GridItem[];
  view: GridView;
  /** Every item shown, those the learner's grade does not allow greyed, as on a desktop. */
  showAll: boolean;
}) {
  return (
    <Stack gap="sm">
      {grid.learners.map((learner) => (
        <Card
          key={learner.id}
          withBorder
          padding="sm"
          component="section"
          aria-labelledby={`learner-${learner.id}`}
        >
          <Text fw={700} id={`learner-${learner.id}`}>
            {learner.firstName} {learner.surname}
          </Text>
          <Text size="xs" mb="xs">
            {text('grade', { grade: learner.grade })}
          </Text>
          <Stack gap="xs">
            {items
              .filter((item) => showAll || view.allowed(learner, item))
              .map((item) => (
                <Group key={item.id} gap="sm" wrap="nowrap" align="flex-start">
                  <GridCell {...view.cell(learner, item)} />
                  <div>
                    <Text size="sm" fw={600}>
                      {item.code}
                    </Text>
                    <Text size="xs">{item.name}</Text>
                  </div>
                </Group>
              ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
