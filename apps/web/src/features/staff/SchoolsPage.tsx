import type { StaffSchool } from '@eisteddfod/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useAddSchool, useMergeSchool, useRenameSchool, useSchools } from './api/schools-api.ts';
import { ScrollTable } from './components/ScrollTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const PAGE_SIZE = 25;

/** The table's orders: the forms' (as families see the list), by name, by contestants. */
const SORTS = {
  forms: { label: "The forms' order", compare: () => 0 },
  name: {
    label: 'Name',
    compare: (a: StaffSchool, b: StaffSchool) => a.name.localeCompare(b.name, 'en-ZA'),
  },
  contestants: {
    label: 'Most contestants',
    compare: (a: StaffSchool, b: StaffSchool) => b.contestants - a.contestants,
  },
} as const;
type Sort = keyof typeof SORTS;

function AddSchool() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddSchool();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please enter the school’s name.');
      return;
    }
    setError(undefined);
    add.mutate(name.trim(), { onSuccess: () => setName('') });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end">
        <TextInput
          label="New school"
          value={name}
          error={error}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
          maw={420}
        />
        <Button type="submit" loading={add.isPending}>
          Add school
        </Button>
      </Group>
    </form>
  );
}

/** Rename a school, or merge it into another: a dialog for each. */
function SchoolDialog(props: {
  school: StaffSchool;
  mode: 'rename' | 'merge';
  schools: StaffSchool[];
  onClose: () => void;
}) {
  const { school } = props;
  const [name, setName] = useState(school.name);
  const [intoId, setIntoId] = useState<string | null>(null);
  const rename = useRenameSchool();
  const merge = useMergeSchool();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (props.mode === 'rename' && name.trim())
      rename.mutate({ id: school.id, name: name.trim() }, { onSuccess: props.onClose });
    if (props.mode === 'merge' && intoId)
      merge.mutate({ id: school.id, intoId: Number(intoId) }, { onSuccess: props.onClose });
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.mode === 'rename' ? `Rename ${school.name}` : `Merge ${school.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {props.mode === 'rename' ? (
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              description={`${school.contestants} contestants and group members follow.`}
            />
          ) : (
            <Select
              label="Into"
              placeholder="The school that stays"
              description={`${school.name} goes; its ${school.contestants} contestants and group members follow.`}
              data={props.schools
                .filter((s) => s.id !== school.id)
                .map((s) => ({ value: String(s.id), label: s.name }))}
              value={intoId}
              onChange={setIntoId}
              searchable
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={rename.isPending || merge.isPending}
              disabled={props.mode === 'merge' && !intoId}
            >
              {props.mode === 'rename' ? 'Rename' : 'Merge'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SchoolsScreen() {
  const schools = useSchools();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('forms');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ school: StaffSchool; mode: 'rename' | 'merge' }>();
  const found = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return (schools.data ?? [])
      .filter((s) => words.every((w) => s.name.toLowerCase().includes(w)))
      .sort(SORTS[sort].compare);
  }, [schools.data, search, sort]);
  if (schools.isPending) return <Loader aria-label="Loading the schools" />;
  if (schools.isError)
    return (
      <Alert color="red" title="Error">
        The schools could not be loaded. Please try again.
      </Alert>
    );
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <Stack gap="lg">
      <Text size="sm">
        The schools every contestant form offers, {schools.data[0]?.name} first. Renaming or merging
        a school changes it for its contestants too.
      </Text>
      <Card withBorder component="section" aria-labelledby="add-school-heading">
        <Title order={2} id="add-school-heading" mb="sm">
          Add a school
        </Title>
        <AddSchool />
      </Card>
      <Stack gap="xs">
        <Group align="flex-end">
          <TextInput
            label="Search schools"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 16rem' }}
            maw={420}
          />
          <Select
            label="Sort by"
            data={Object.entries(SORTS).map(([value, { label }]) => ({ value, label }))}
            value={sort}
            onChange={(value) => {
              if (value) setSort(value as Sort);
              setPage(1);
            }}
            allowDeselect={false}
            style={{ flex: '1 1 12rem' }}
            maw={240}
          />
        </Group>
        <Text size="sm" aria-live="polite">
          {found.length} of {schools.data.length} schools
        </Text>
        <ScrollTable label="Schools" minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>School</Table.Th>
                <Table.Th>Contestants</Table.Th>
                <Table.Th>Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {found.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((school) => (
                <Table.Tr key={school.id}>
                  <Table.Td>
                    {school.name}{' '}
                    {school.fixed && (
                      <Badge color="gray" c="black" variant="light">
                        Always first
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{school.contestants}</Table.Td>
                  <Table.Td>
                    {!school.fixed && (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`Rename ${school.name}`}
                          onClick={() => setDialog({ school, mode: 'rename' })}
                        >
                          Rename
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`Merge ${school.name} into another school`}
                          onClick={() => setDialog({ school, mode: 'merge' })}
                        >
                          Merge…
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next'
                  ? 'Next page'
                  : control === 'previous'
                    ? 'Previous page'
                    : control,
            })}
          />
        )}
      </Stack>
      {dialog && (
        <SchoolDialog
          school={dialog.school}
          mode={dialog.mode}
          schools={schools.data}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Stack>
  );
}

export default function SchoolsPage() {
  return (
    <StaffArea title="Schools" roles={['organiser']}>
      {() => <SchoolsScreen />}
    </StaffArea>
  );
}
