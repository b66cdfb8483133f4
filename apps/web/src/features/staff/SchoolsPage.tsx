import { paths, type SchoolKind, type StaffSchool } from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAddSchool } from './api/schools/add-school.ts';
import { useSchools } from './api/schools/list-schools.ts';
import { useMergeSchool } from './api/schools/merge-school.ts';
import { useRenameSchool } from './api/schools/rename-school.ts';
import { DataTable, type Column, type Sort } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { UnlinkedSchoolNames } from './UnlinkedSchoolNames.tsx';

const KIND_LABEL: Record<SchoolKind, string> = { school: 'School', studio: 'Private studio' };

function KindChoice(props: { value: SchoolKind; onChange: (kind: SchoolKind) => void }) {
  return (
    <Radio.Group label="Kind" value={props.value} onChange={(v) => props.onChange(v as SchoolKind)}>
      <Group mt={4}>
        <Radio value="school" label="School" />
        <Radio value="studio" label="Private studio" />
      </Group>
    </Radio.Group>
  );
}

const PAGE_SIZE = 25;

const byName = (a: StaffSchool, b: StaffSchool) => a.name.localeCompare(b.name, 'en-ZA');
const byContestants = (a: StaffSchool, b: StaffSchool) => a.contestants - b.contestants;

/** The table's orders: the forms' (as families see the list), by name, by contestants. */
const SORTS: Record<string, { label: string; sort: Sort | null }> = {
  forms: { label: "The forms' order", sort: null },
  name: { label: 'Name', sort: { key: 'name', direction: 'ascending' } },
  contestants: {
    label: 'Most contestants',
    sort: { key: 'contestants', direction: 'descending' },
  },
};
const sortChoice = (sort: Sort | null) =>
  Object.keys(SORTS).find(
    (k) => SORTS[k]?.sort?.key === sort?.key && SORTS[k]?.sort?.direction === sort?.direction,
  ) ?? null;

function AddSchool() {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<SchoolKind>('school');
  const [error, setError] = useState<string>();
  const add = useAddSchool();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please enter the school’s name.');
      return;
    }
    setError(undefined);
    add.mutate({ name: name.trim(), kind }, { onSuccess: () => setName('') });
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
        <KindChoice value={kind} onChange={setKind} />
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
  const [kind, setKind] = useState<SchoolKind>(school.kind);
  const [intoId, setIntoId] = useState<string | null>(null);
  const rename = useRenameSchool();
  const merge = useMergeSchool();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (props.mode === 'rename' && name.trim())
      rename.mutate({ id: school.id, name: name.trim(), kind }, { onSuccess: props.onClose });
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
            <>
              <TextInput
                label="Name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                description={`${school.contestants} contestants and group members follow.`}
              />
              <KindChoice value={kind} onChange={setKind} />
            </>
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
  const [sort, setSort] = useState<Sort | null>(null);
  const [dialog, setDialog] = useState<{ school: StaffSchool; mode: 'rename' | 'merge' }>();
  if (schools.isPending) return <Loader aria-label="Loading the schools" />;
  if (schools.isError)
    return (
      <Alert color="red" title="Error">
        The schools could not be loaded. Please try again.
      </Alert>
    );
  const columns: Column<StaffSchool>[] = [
    {
      key: 'name',
      header: 'School',
      compare: byName,
      cell: (school) => (
        <>
          {school.name}{' '}
          {school.fixed && (
            <Badge color="gray" c="black" variant="light">
              Always first
            </Badge>
          )}
        </>
      ),
    },
    { key: 'kind', header: 'Kind', cell: (school) => KIND_LABEL[school.kind] },
    {
      key: 'contestants',
      header: 'Contestants',
      compare: byContestants,
      firstDirection: 'descending',
      cell: (school) => school.contestants,
    },
    {
      key: 'teachers',
      header: 'Teachers',
      cell: (school) =>
        school.fixed ? (
          '—'
        ) : (
          <Anchor
            component={Link}
            to={paths.staffSchool.href({ id: school.id })}
            aria-label={`${school.name}: ${school.teachers} teachers`}
          >
            {school.teachers}
          </Anchor>
        ),
    },
    {
      key: 'changes',
      header: 'Changes',
      cell: (school) =>
        !school.fixed && (
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
        ),
    },
  ];
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
        <DataTable
          label="Schools"
          minWidth={560}
          columns={columns}
          rows={schools.data}
          rowKey={(school) => school.id}
          filter={{ label: 'Search schools', text: (school) => school.name }}
          controls={
            <Select
              label="Sort by"
              data={Object.entries(SORTS).map(([value, { label }]) => ({ value, label }))}
              value={sortChoice(sort)}
              onChange={(value) => setSort(SORTS[value ?? 'forms']?.sort ?? null)}
              allowDeselect={false}
              style={{ flex: '1 1 12rem' }}
              maw={240}
            />
          }
          sort={sort}
          onSort={setSort}
          count={(shown, total) => `${shown} of ${total} schools`}
          empty="No school matches."
          paging={PAGE_SIZE}
        />
      </Stack>
      <UnlinkedSchoolNames schools={schools.data} />
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
    <StaffArea title="Schools" action="manage:schools">
      {() => <SchoolsScreen />}
    </StaffArea>
  );
}
