import {
  describeRubricProblem,
  medalFor,
  rubricProblems,
  totalOf,
  type Mark,
  type Medal,
  type RubricCriterion,
  type SaveMark,
} from '@eisteddfod/shared';
import {
  Alert,
  Button,
  Group,
  Kbd,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { clockTime } from './clock-time.ts';

type Values = Record<string, number | ''>;
type Draft = Pick<SaveMark, 'scores' | 'comment'>;

const MEDAL_LABELS: Record<Medal, string> = {
  DIPLOMA: 'Diploma',
  GOLD: 'Gold',
  SILVER: 'Silver',
  BRONZE: 'Bronze',
  MERIT: 'Merit',
};

function initialValues(rubric: RubricCriterion[], draft: Draft): Values {
  return Object.fromEntries(
    rubric.map((c) => [c.name, draft.scores.find((s) => s.name === c.name)?.value ?? '']),
  );
}

/** A submitted mark may still be changed until its time (decision 058); null once locked. */
function changeableUntil(mark: Mark | null): Date | null {
  if (mark?.status !== 'submitted' || !mark.changeableUntil) return null;
  const until = new Date(mark.changeableUntil);
  return until.getTime() > Date.now() ? until : null;
}

/**
 * The rubric of an entry: one score per criterion (0 to its maximum), the total and the medal it
 * would earn as they are typed (the server adds it up again), the comment; save a draft, submit,
 * or submit and open the next entry (Ctrl or ⌘ + Enter). A submitted mark can be changed for a
 * few minutes, then is shown read-only.
 */
export function MarkingForm(props: {
  rubric: RubricCriterion[];
  mark: Mark | null;
  saving: boolean;
  onSave: (mark: SaveMark) => void;
  /** Submits and opens the next entry to mark; with it come the button and the shortcut. */
  onSubmitNext?: (mark: SaveMark) => void;
  /** What to start from when not the saved mark (this device's unsaved copy). */
  initial?: Draft;
  onDraftChange?: (draft: Draft) => void;
  /** Put the cursor in the first score (an entry opened by Submit & next). */
  focusFirst?: boolean;
  /** Whether the draft is saved, shown beside the buttons. */
  saveState?: ReactNode;
}) {
  const { rubric, mark, onDraftChange } = props;
  const until = changeableUntil(mark);
  const submitted = mark?.status === 'submitted';
  const readOnly = submitted && !until;
  const start = props.initial ?? {
    scores: mark?.scores.map((s) => ({ name: s.name, value: s.value })) ?? [],
    comment: mark?.comment ?? '',
  };
  const [values, setValues] = useState<Values>(() => initialValues(rubric, start));
  const [comment, setComment] = useState(start.comment);
  const [problems, setProblems] = useState<string[]>([]);
  const first = useRef<HTMLInputElement>(null);

  const scores = rubric.flatMap((c) => {
    const v = values[c.name];
    return v === '' || v === undefined ? [] : [{ name: c.name, value: v }];
  });
  const total = totalOf(scores);
  const left = rubric.length - scores.length;
  const draftJson = JSON.stringify({ scores, comment });

  useEffect(() => {
    onDraftChange?.(JSON.parse(draftJson));
  }, [draftJson, onDraftChange]);
  useEffect(() => {
    if (props.focusFirst && !readOnly) first.current?.focus();
  }, [props.focusFirst, readOnly]);

  function save(submit: boolean, next = false) {
    const found = rubricProblems(rubric, scores, submit).map(describeRubricProblem);
    setProblems(found);
    if (found.length > 0) return;
    if (next && props.onSubmitNext) props.onSubmitNext({ scores, comment, submit: true });
    else props.onSave({ scores, comment, submit });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save(true);
  }

  // Ctrl or ⌘ + Enter anywhere on the page, the recording's player included: Submit & next.
  const shortcut = useRef<(event: globalThis.KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    shortcut.current = (event) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      if (readOnly || !props.onSubmitNext || props.saving) return;
      event.preventDefault();
      save(true, true);
    };
  });
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => shortcut.current(event);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Mark this entry">
      <Stack>
        {readOnly && (
          <Alert color="blue" title="Submitted">
            This mark has been submitted. An organiser can send it back to you if it needs a change.
          </Alert>
        )}
        {until && (
          <Alert color="blue" title="Submitted">
            This mark has been submitted. You can change this mark until {clockTime(until)}; then it
            locks.
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
                    ref={index === 0 ? first : undefined}
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
                    hideControls
                    readOnly={readOnly}
                    w={90}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td>
                <Text fw={700} data-testid="mark-total">
                  {total} / 100
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text aria-live="polite" data-testid="mark-medal">
          {scores.length === 0
            ? 'The total and medal appear as you score.'
            : `${total} / 100: ${MEDAL_LABELS[medalFor(total)]}${left > 0 ? ` so far, ${left} to score` : ''}.`}
        </Text>
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
          <Group gap="sm" wrap="wrap">
            {!submitted && (
              <Button variant="light" onClick={() => save(false)} loading={props.saving}>
                Save draft
              </Button>
            )}
            <Button
              type="submit"
              variant={props.onSubmitNext ? 'light' : 'filled'}
              loading={props.saving}
            >
              {submitted ? 'Submit changes' : 'Submit mark'}
            </Button>
            {props.onSubmitNext && (
              <Button onClick={() => save(true, true)} loading={props.saving}>
                Submit &amp; next
              </Button>
            )}
          </Group>
        )}
        {!readOnly && props.onSubmitNext && (
          <Text size="sm">
            Keys: <Kbd>Tab</Kbd> moves through the scores and the comment; <Kbd>Ctrl</Kbd> +{' '}
            <Kbd>Enter</Kbd> (<Kbd>⌘</Kbd> + <Kbd>Enter</Kbd> on a Mac) submits and opens the next
            entry.
          </Text>
        )}
        {props.saveState}
      </Stack>
    </form>
  );
}
