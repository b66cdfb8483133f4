import {
  describeRubricProblem,
  rubricProblems,
  totalOf,
  type Mark,
  type RubricCriterion,
  type SaveMark,
} from '@eisteddfod/shared';
import { Alert, Button, Group, NumberInput, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

type Values = Record<string, number | ''>;

function initialValues(rubric: RubricCriterion[], mark: Mark | null): Values {
  return Object.fromEntries(
    rubric.map((c) => [c.name, mark?.scores.find((s) => s.name === c.name)?.value ?? '']),
  );
}

/**
 * The rubric of an entry: one score per criterion (0 to its maximum), the total as it will be
 * (the server adds it up again), the comment; save a draft or submit. A submitted mark is shown
 * read-only.
 */
export function MarkingForm(props: {
  rubric: RubricCriterion[];
  mark: Mark | null;
  saving: boolean;
  onSave: (mark: SaveMark) => void;
}) {
  const { rubric, mark } = props;
  const readOnly = mark?.status === 'submitted';
  const [values, setValues] = useState<Values>(() => initialValues(rubric, mark));
  const [comment, setComment] = useState(mark?.comment ?? '');
  const [problems, setProblems] = useState<string[]>([]);

  const scores = rubric.flatMap((c) => {
    const v = values[c.name];
    return v === '' || v === undefined ? [] : [{ name: c.name, value: v }];
  });
  const total = totalOf(scores);

  function save(submit: boolean) {
    const found = rubricProblems(rubric, scores, submit).map(describeRubricProblem);
    setProblems(found);
    if (found.length === 0) props.onSave({ scores, comment, submit });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save(true);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Mark this entry">
      <Stack>
        {readOnly && (
          <Alert color="blue" title="Submitted">
            This mark has been submitted. An organiser can send it back to you if it needs a change.
          </Alert>
        )}
        <Table aria-label="Rubric">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Criterion</Table.Th>
              <Table.Th>Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rubric.map((c, index) => (
              <Table.Tr key={c.name}>
                <Table.Td>
                  <Text size="sm" component="label" htmlFor={`score-${index}`}>
                    {c.name} (out of {c.maxValue})
                  </Text>
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    // Criterion names have spaces, which an id may not.
                    id={`score-${index}`}
                    aria-label={`${c.name}, out of ${c.maxValue}`}
                    value={values[c.name] ?? ''}
                    onChange={(v) =>
                      setValues((old) => ({
                        ...old,
                        [c.name]: typeof v === 'number' ? v : v === '' ? '' : Number(v),
                      }))
                    }
                    min={0}
                    max={c.maxValue}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    readOnly={readOnly}
                    w={110}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td>
                <Text fw={700} aria-live="polite" data-testid="mark-total">
                  {total} / 100
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Textarea
          label="Adjudicator comment"
          description="The family reads this with the result."
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          rows={5}
          maxLength={4000}
          readOnly={readOnly}
        />
        {problems.length > 0 && (
          <Alert color="red" title="Please check the scores" role="alert">
            <Stack gap={2}>
              {problems.map((p) => (
                <Text key={p} size="sm">
                  {p}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {!readOnly && (
          <Group>
            <Button variant="light" onClick={() => save(false)} loading={props.saving}>
              Save draft
            </Button>
            <Button type="submit" loading={props.saving}>
              Submit mark
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
