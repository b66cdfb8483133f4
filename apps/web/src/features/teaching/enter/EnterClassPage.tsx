import { paths, type ClassGrid, type RefusedRow } from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../../../lib/api-client.ts';
import { hasMessage, wordsOf } from '../../../lib/i18n/catalogue.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { storedCustomerId } from '../../../lib/storage.ts';
import { useClassGrid, useEnterClass } from './api/class-entries.ts';
import { ClassGridTable } from './components/ClassGridTable.tsx';
import { GroupNames } from './components/GroupNames.tsx';
import {
  ItemFilter,
  NO_FILTER,
  filterItems,
  type ItemFilterValue,
} from './components/ItemFilter.tsx';
import { LearnerCards } from './components/LearnerCards.tsx';
import { gridView } from './components/grid-view.ts';
import { initialTicks, plan, refusalsByCell, type CellKey, type Ticks } from './ticks.ts';
import { text } from './text.ts';

/** A refused row's reason in the reader's language when the catalogue has it (decision 057). */
const say = (r: RefusedRow) =>
  r.messageId && hasMessage(r.messageId)
    ? wordsOf(r.values ? { id: r.messageId, values: r.values } : { id: r.messageId })
    : r.message;

/** /teaching/class/:membershipId/enter: the class against the items, entered in one go. */
export default function EnterClassPage() {
  const membershipId = Number(useParams().membershipId);
  const customerId = storedCustomerId();
  const grid = useClassGrid(customerId, membershipId);
  // Here, not in EnterClass: that starts again on each new reading of the grid (its key), and
  // what the teacher filtered should stay.
  const filter = useState(NO_FILTER);
  useDocumentTitle(grid.data ? text('title', { school: grid.data.schoolName }) : undefined);
  if (grid.error)
    return (
      <Container py="md">
        <Alert color="red">{messageOf(grid.error)}</Alert>
      </Container>
    );
  if (!grid.data) return <Loader m="xl" />;
  return (
    <EnterClass
      key={grid.dataUpdatedAt}
      grid={grid.data}
      customerId={customerId}
      filterState={filter}
    />
  );
}

function EnterClass({
  grid,
  customerId,
  filterState: [filter, setFilter],
}: {
  grid: ClassGrid;
  customerId: number;
  filterState: [ItemFilterValue, Dispatch<SetStateAction<ItemFilterValue>>];
}) {
  const navigate = useNavigate();
  // One layout drawn, not both with one hidden: a class of 27 against 60 items is 1,700 cells.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, false, {
    getInitialValueInEffect: false,
  });
  const [ticks, setTicks] = useState<Ticks>(() => initialTicks(grid));
  const [problems, setProblems] = useState<Map<CellKey, string>>(new Map());
  const [refusedRows, setRefusedRows] = useState(0);
  const enter = useEnterClass(customerId, grid.membershipId);
  const reachable = useMemo(() => new Set(Object.values(grid.allowedByGrade).flat()), [grid]);
  const items = useMemo(
    () => filterItems(grid.items, reachable, filter),
    [grid, reachable, filter],
  );
  const view = gridView(grid, ticks, problems, setTicks);
  const planned = plan(grid, ticks);
  const count = planned.change.add.length;
  const changes = count + planned.change.remove.length;

  const submit = () =>
    enter.mutate(planned.change, {
      onSuccess: (result) => {
        if (result.written) {
          if (count > 0) void navigate(paths.checkout.href());
          return;
        }
        setRefusedRows(result.refused.length);
        setProblems(refusalsByCell(planned, result.refused, say));
      },
    });

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Title order={1}>{text('title', { school: grid.schoolName })}</Title>
        <Text>{text('intro')}</Text>
        <Anchor
          component={Link}
          to={paths.teachingEntries.href({ membershipId: grid.membershipId })}
        >
          {text('entriesLink')}
        </Anchor>
        <ItemFilter items={grid.items} value={filter} onChange={setFilter} />
        {grid.learners.length === 0 && <Text>{text('noLearners')}</Text>}
        {items.length === 0 && <Text>{text('noItems')}</Text>}
        {problems.size > 0 && !enter.isPending && (
          <Alert color="red" role="alert">
            {text('refused', { count: refusedRows })}
          </Alert>
        )}
        {enter.error && <Alert color="red">{messageOf(enter.error)}</Alert>}
        {wide ? (
          <ClassGridTable grid={grid} items={items} view={view} />
        ) : (
          <LearnerCards grid={grid} items={items} view={view} showAll={filter.showAll} />
        )}
        <GroupNames
          grid={grid}
          items={items}
          ticks={ticks}
          onName={(itemId, name) =>
            setTicks((t) => ({ ...t, groupNames: new Map(t.groupNames).set(itemId, name) }))
          }
          onMembers={(itemId, members) =>
            setTicks((t) => ({ ...t, groupMembers: new Map(t.groupMembers).set(itemId, members) }))
          }
        />
        <Group pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
          <Button onClick={submit} loading={enter.isPending} disabled={changes === 0}>
            {count > 0 ? text('submit', { count }) : text('saveChanges')}
          </Button>
          {changes === 0 && <Text size="sm">{text('nothingToAdd')}</Text>}
        </Group>
      </Stack>
    </Container>
  );
}
