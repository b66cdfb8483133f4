import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  CLASS_LIST_COLUMNS,
  CLASS_LIST_HEADERS,
  GENDERS,
  type ClassListColumn,
  type Gender,
  type ClassListReport,
  type ClassListRowReport,
} from '@eisteddfod/shared';
import { useState } from 'react';
import { messageOf } from '../../../../lib/api-client.ts';
import { hasMessage, wordsOf } from '../../../../lib/i18n/catalogue.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useAddClassList, useCheckClassList } from '../api/school-class.ts';
import { text } from '../text.ts';

const TEMPLATE = `data:text/csv;charset=utf-8,${encodeURIComponent(
  `${CLASS_LIST_COLUMNS.map((c) => CLASS_LIST_HEADERS[c]).join(',')}\r\nThandi,Ndlovu,Grade 5,F,parent@example.org,0821234567\r\n`,
)}`;

const COLUMN_LABELS: Record<ClassListColumn, Parameters<typeof text>[0]> = {
  firstName: 'firstName',
  surname: 'surname',
  grade: 'grade',
  gender: 'gender',
  parentEmail: 'parentEmailShort',
  parentMobile: 'parentMobileShort',
};

/** A cell as the teacher reads it: a gender understood in their language. */
function shown(row: ClassListRowReport, column: ClassListColumn): string {
  const value = row[column];
  if (column === 'gender' && (GENDERS as readonly string[]).includes(value))
    return text(value as Gender);
  return value;
}

const problemWords = (p: ClassListRowReport['problems'][number]) =>
  hasMessage(p.messageId) ? wordsOf({ id: p.messageId, values: p.values ?? {} }) : p.message;

function statusOf(row: ClassListRowReport): string {
  if (row.problems.length > 0) return text('hasProblems');
  if (row.match?.kind === 'in-class') return text('inClass');
  if (row.match?.kind === 'in-school')
    return row.match.teacherName
      ? text('inSchoolOf', { teacher: row.match.teacherName })
      : text('inSchool');
  if (row.match?.kind === 'possible-match') return text('possibleMatch');
  return text('ready');
}

/** A cell of a row: its value, and below it what is wrong with it, highlighted. */
function Cell({ row, column }: { row: ClassListRowReport; column: ClassListColumn }) {
  const problems = row.problems.filter((p) => p.column === column);
  return (
    <Box
      bg={problems.length ? 'red.0' : undefined}
      p={problems.length ? 4 : 0}
      data-problem={problems.length ? 'true' : undefined}
    >
      <Text size="sm">{shown(row, column) || (problems.length ? text('empty_cell') : '')}</Text>
      {problems.map((p) => (
        <Text key={p.messageId} size="xs" c="red.9">
          {problemWords(p)}
        </Text>
      ))}
    </Box>
  );
}

function MatchChoice({
  row,
  adding,
  onChange,
}: {
  row: ClassListRowReport;
  adding: boolean;
  onChange: (add: boolean) => void;
}) {
  if (row.match?.kind !== 'possible-match' || row.problems.length > 0) return null;
  return (
    <SegmentedControl
      size="xs"
      mt={4}
      aria-label={`${text('row')} ${row.row}: ${text('possibleMatch')}`}
      value={adding ? 'add' : 'leave'}
      onChange={(v) => onChange(v === 'add')}
      data={[
        { value: 'leave', label: text('leaveOut') },
        { value: 'add', label: text('addAnyway') },
      ]}
    />
  );
}

/** The dry run's review: every row, its problems per cell, its match and the choice on it. */
function Review({
  report,
  addAnyway,
  setAddAnyway,
}: {
  report: ClassListReport;
  addAnyway: Set<number>;
  setAddAnyway: (row: number, add: boolean) => void;
}) {
  const status = (r: ClassListRowReport) => (
    <>
      <Text size="sm" fw={r.problems.length || r.match ? 600 : 400}>
        {statusOf(r)}
      </Text>
      <MatchChoice row={r} adding={addAnyway.has(r.row)} onChange={(a) => setAddAnyway(r.row, a)} />
    </>
  );
  return (
    <>
      <Stack gap="xs" hiddenFrom="md">
        {report.rows.map((r) => (
          <Card key={r.row} withBorder padding="xs" data-row={r.row}>
            <Text size="xs" c="gray.7">
              {text('row')} {r.row}
            </Text>
            {CLASS_LIST_COLUMNS.filter((c) => r[c] || r.problems.some((p) => p.column === c)).map(
              (c) => (
                <Group key={c} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" w={90} style={{ flexShrink: 0 }}>
                    {text(COLUMN_LABELS[c])}
                  </Text>
                  <Cell row={r} column={c} />
                </Group>
              ),
            )}
            {status(r)}
          </Card>
        ))}
      </Stack>
      <Table visibleFrom="md" withTableBorder data-testid="class-list-review">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text('row')}</Table.Th>
            {CLASS_LIST_COLUMNS.map((c) => (
              <Table.Th key={c}>{text(COLUMN_LABELS[c])}</Table.Th>
            ))}
            <Table.Th>{text('status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => (
            <Table.Tr key={r.row} data-row={r.row}>
              <Table.Td>{r.row}</Table.Td>
              {CLASS_LIST_COLUMNS.map((c) => (
                <Table.Td key={c}>
                  <Cell row={r} column={c} />
                </Table.Td>
              ))}
              <Table.Td>{status(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/** Import a class list: choose a file, review the dry run, add the rows kept in one go. */
export function ClassListImport({
  customerId,
  membershipId,
  onDone,
}: {
  customerId: number;
  membershipId: number;
  onDone: () => void;
}) {
  const check = useCheckClassList(customerId, membershipId);
  const commit = useAddClassList(customerId, membershipId);
  const [file, setFile] = useState<File | null>(null);
  const [addAnyway, setAddAnyway] = useState(new Set<number>());
  const [declared, setDeclared] = useState(false);
  const report = check.data;
  const kept = (report?.rows ?? []).filter(
    (r) =>
      r.problems.length === 0 &&
      (!r.match || (r.match.kind === 'possible-match' && addAnyway.has(r.row))),
  );
  const count = (f: (r: ClassListRowReport) => boolean) => report?.rows.filter(f).length ?? 0;

  function run(chosen: File) {
    setAddAnyway(new Set());
    check.mutate(chosen);
  }
  function add() {
    commit.mutate(
      {
        schoolConsentDeclared: declared,
        rows: kept.map(({ problems: _p, match: _m, ...r }) => ({
          ...r,
          addAnyway: addAnyway.has(r.row),
        })),
      },
      {
        onSuccess: (done) => {
          toast('success', text('addedN', { count: done.added }));
          onDone();
        },
        onError: (error) => {
          toast('warning', messageOf(error));
          if (file) run(file);
        },
      },
    );
  }

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {text('importList')}
        </Title>
        <Group align="flex-end" gap="sm">
          <FileInput
            label={text('chooseFile')}
            description={text('chooseFileHint')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => {
              setFile(f);
              if (f) run(f);
            }}
            w={{ base: '100%', sm: 420 }}
          />
          <Anchor href={TEMPLATE} download="class-list-template.csv" size="sm">
            {text('template')}
          </Anchor>
        </Group>
        {check.isPending && <Text>{text('checking')}</Text>}
        {check.isError && (
          <Alert color="red" role="alert">
            {messageOf(check.error)}
          </Alert>
        )}
        {report && (
          <>
            <Title order={3} fz={{ base: 18, sm: 20 }}>
              {text('reviewTitle')}
            </Title>
            <Text data-testid="class-list-summary">
              {text('summary', {
                good: count((r) => !r.problems.length && !r.match),
                problems: count((r) => r.problems.length > 0),
                skipped: count(
                  (r) =>
                    !r.problems.length &&
                    (r.match?.kind === 'in-class' || r.match?.kind === 'in-school'),
                ),
                matches: count((r) => !r.problems.length && r.match?.kind === 'possible-match'),
              })}
            </Text>
            <Review
              report={report}
              addAnyway={addAnyway}
              setAddAnyway={(row, a) =>
                setAddAnyway((s) => {
                  const next = new Set(s);
                  if (a) next.add(row);
                  else next.delete(row);
                  return next;
                })
              }
            />
            <Checkbox
              label={text('declarationList')}
              checked={declared}
              onChange={(e) => setDeclared(e.currentTarget.checked)}
            />
            <Group gap="sm">
              <Button
                onClick={add}
                disabled={kept.length === 0 || !declared}
                loading={commit.isPending}
              >
                {text('addN', { count: kept.length })}
              </Button>
              <Button variant="default" onClick={onDone}>
                {text('cancel')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
