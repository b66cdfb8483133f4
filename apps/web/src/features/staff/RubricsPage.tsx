import {
  paths,
  RUBRIC_TOTAL,
  RubricCriteriaSchema,
  type StaffSectionRubric,
} from '@eisteddfod/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useStaffEvent } from './api/events/get-event.ts';
import { useRubrics } from './api/rubrics/list-rubrics.ts';
import { useSaveRubric } from './api/rubrics/save-rubric.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { issueWords } from '../../lib/i18n/issue-words.ts';

interface Row {
  name: string;
  maxValue: string;
}

/** A section's rubric, editable until its first mark; then shown as it stays. */
const CRITERION_COLUMNS: Column<StaffSectionRubric['criteria'][number]>[] = [
  { key: 'criterion', header: 'Criterion', cell: (c) => c.name },
  { key: 'maximum', header: 'Maximum', cell: (c) => c.maxValue },
];

function SectionRubric({ eventId, rubric }: { eventId: number; rubric: StaffSectionRubric }) {
  const headingId = `rubric-${rubric.section.replace(/\W+/g, '-')}`;
  const [rows, setRows] = useState<Row[]>(() =>
    rubric.criteria.map((c) => ({ name: c.name, maxValue: String(c.maxValue) })),
  );
  // The shared rules' problems: against a row's field when they name one, else for the whole.
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({
    fields: {},
  });
  const save = useSaveRubric(eventId, rubric.section);
  const total = rows.reduce((sum, r) => sum + (Number(r.maxValue) || 0), 0);
  const problems = [
    ...rows.flatMap((_, index) => {
      const problem = errors.fields[`${index}.maxValue`];
      return problem ? [`Maximum for criterion ${index + 1}: ${problem}`] : [];
    }),
    ...(errors.form ? [errors.form] : []),
  ];
  if (problems.length === 0 && Object.keys(errors.fields).length > 0)
    problems.push('Please correct the criteria marked above.');

  // Problems are kept by row number: a field's goes when it is edited, all go when rows move.
  const change = (index: number, key: keyof Row, value: string) => {
    setRows((all) => all.map((r, k) => (k === index ? { ...r, [key]: value } : r)));
    setErrors(({ fields, form }) => {
      const { [`${index}.${key}`]: _edited, ...rest } = fields;
      return { fields: rest, form };
    });
  };
  const reorder = (next: (all: Row[]) => Row[]) => {
    setRows(next);
    setErrors({ fields: {} });
  };
  const move = (index: number, by: -1 | 1) =>
    reorder((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = RubricCriteriaSchema.safeParse(
      rows.map((r) => ({ name: r.name, maxValue: Number(r.maxValue) })),
    );
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      let form: string | undefined;
      for (const issue of parsed.error.issues) {
        const [index, key] = issue.path;
        if (typeof index === 'number' && typeof key === 'string')
          fields[`${index}.${key}`] ??= issueWords(issue.message);
        else form ??= issueWords(issue.message);
      }
      setErrors({ fields, form });
      return;
    }
    setErrors({ fields: {} });
    save.mutate({ criteria: parsed.data });
  }

  if (rubric.locked)
    return (
      <Card withBorder component="section" aria-labelledby={headingId}>
        <Title order={2} id={headingId} mb={4}>
          {rubric.section}
        </Title>
        <Text size="sm" mb="sm">
          {rubric.lockedReason}
        </Text>
        <DataTable
          label={rubric.section}
          labelledBy={headingId}
          striped={false}
          columns={CRITERION_COLUMNS}
          rows={rubric.criteria}
          rowKey={(c) => c.name}
          empty="No criteria."
        />
      </Card>
    );

  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Title order={2} id={headingId} mb="sm">
          {rubric.section}
        </Title>
        <Stack gap="xs">
          {rows.map((row, index) => (
            // On a phone the name takes the whole line, its maximum and buttons the next.
            <Group key={index} gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={`Criterion ${index + 1}`}
                value={row.name}
                error={errors.fields[`${index}.name`]}
                onChange={(e) => change(index, 'name', e.currentTarget.value)}
                style={{ flex: '1 1 14rem' }}
              />
              <TextInput
                label="Maximum"
                // Each row's "Maximum" heard apart from the others (the visible word included).
                aria-label={`Maximum for criterion ${index + 1}`}
                inputMode="numeric"
                value={row.maxValue}
                // Too narrow for words: marked here, and its problem named in the alert below.
                error={Boolean(errors.fields[`${index}.maxValue`])}
                onChange={(e) => change(index, 'maxValue', e.currentTarget.value)}
                w={80}
              />
              <ActionIcon
                variant="default"
                size={36}
                aria-label={`Move criterion ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={`Move criterion ${index + 1} down`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={`Remove criterion ${index + 1}`}
                disabled={rows.length === 1}
                onClick={() => reorder((all) => all.filter((_, k) => k !== index))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Text
            size="sm"
            fw={600}
            aria-live="polite"
            c={total === RUBRIC_TOTAL ? undefined : 'red.9'}
          >
            Total {total} of {RUBRIC_TOTAL}
          </Text>
          {problems.length > 0 && (
            <Stack gap={2} role="alert">
              {problems.map((problem) => (
                <Text key={problem} size="sm" c="red.9">
                  {problem}
                </Text>
              ))}
            </Stack>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => reorder((all) => [...all, { name: '', maxValue: '' }])}
            >
              Add criterion
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save {rubric.section} rubric
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function RubricsScreen({ id }: { id: number }) {
  const event = useStaffEvent(id);
  const rubrics = useRubrics(id);
  if (event.isPending || rubrics.isPending) return <Loader aria-label="Loading the rubrics" />;
  if (event.isError || rubrics.isError)
    return (
      <Alert color="red" title="Error">
        The rubrics could not be loaded. Please try again.
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.staffEvent.href({ id })}>
        Back to {event.data.settings.name}
      </Anchor>
      <Text size="sm">
        Adjudicators score each entry against its section’s criteria; the maxima total{' '}
        {RUBRIC_TOTAL}. A section’s rubric is fixed from its first mark.
      </Text>
      <SimpleGrid cols={{ base: 1, xl: 2 }}>
        {rubrics.data.sections.map((rubric) => (
          <SectionRubric
            key={`${rubric.section}-${rubric.criteria.map((c) => c.name).join()}-${rubric.locked}`}
            eventId={id}
            rubric={rubric}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function RubricsPage() {
  const id = Number(useParams().id);
  return (
    <StaffArea title="Rubrics" action="manage:rubrics">
      {() => <RubricsScreen id={id} />}
    </StaffArea>
  );
}
