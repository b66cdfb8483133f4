import type { ClassGrid, GridItem } from '@eisteddfod/shared';
import { Table, Text } from '@mantine/core';
import { GridCell } from './GridCell.tsx';
import type { GridView } from './grid-view.ts';
import classes from './grid.module.css';
import { text } from '../text.ts';

/** A desktop's grid: learners in rows (their names stay in view), items in columns by section. */
export function ClassGridTable({
  grid,
  items,
  view,
}: {
  grid: ClassGrid;
  items: GridItem[];
  view: GridView;
}) {
  const sections: { section: string; span: number }[] = [];
  for (const item of items) {
    const last = sections.at(-1);
    if (last?.section === item.section) last.span++;
    else sections.push({ section: item.section, span: 1 });
  }
  return (
    <Table.ScrollContainer minWidth={600} className={classes.scroll}>
      <Table withColumnBorders stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.sticky} rowSpan={2}>
              {text('learner')}
            </Table.Th>
            {sections.map((s) => (
              <Table.Th key={s.section} colSpan={s.span}>
                {s.section}
              </Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            {items.map((item) => (
              <Table.Th key={item.id} className={classes.item}>
                <Text size="xs" fw={700}>
                  {item.code}
                </Text>
                <Text size="xs">{item.name}</Text>
                {item.deadlinePassed && (
                  <Text size="xs" c="dimmed">
                    {text('closed')}
                  </Text>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.learners.map((learner) => (
            <Table.Tr key={learner.id}>
              <Table.Th scope="row" className={classes.sticky}>
                <Text size="sm" fw={600}>
                  {learner.firstName} {learner.surname}
                </Text>
                <Text size="xs">{text('grade', { grade: learner.grade })}</Text>
              </Table.Th>
              {items.map((item) => (
                <Table.Td key={item.id}>
                  <GridCell {...view.cell(learner, item)} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
