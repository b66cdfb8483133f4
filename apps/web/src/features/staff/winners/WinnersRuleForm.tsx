import {
  GRADES,
  WinnersRuleSchema,
  type WinnersRuleSettings,
  WINNER_COMBINATIONS,
  WINNER_TIE_RULES,
} from '@eisteddfod/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSaveWinnersRule } from '../api/winners/save-winners-rule.ts';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

type Rule = WinnersRuleSettings['rule'];

const COMBINE_LABELS: Record<Rule['combine'], string> = {
  average: 'Average of the counted marks',
  total: 'Total of the counted marks',
};
const TIE_LABELS: Record<Rule['ties'], string> = {
  shared: 'Equal scores share the title',
  highestSingleMark: 'The highest single mark breaks a tie',
};
const GRADE_OPTIONS = GRADES.map((g) => ({ value: g.value, label: `Grade ${g.value}` }));

/** The numbers as typed ('' while a field is empty). */
type Form = Omit<Rule, 'minimumEntries' | 'countBest' | 'minimumAverage'> & {
  minimumEntries: number | string;
  countBest: number | string;
  minimumAverage: number | string;
};

/**
 * The event's section winners rule (decision 026): who may win (entries in the section, the
 * points they need), how their marks make a score, ties, and the grade bands winners are found
 * in. The server checks the rule again and is the one that applies it.
 */
export function WinnersRuleForm(props: {
  eventId: number;
  settings: WinnersRuleSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [form, setForm] = useState<Form>(props.settings.rule);
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveWinnersRule(props.eventId);
  const change = (next: Form) => {
    setForm(next);
    props.onDirtyChange(JSON.stringify(next) !== JSON.stringify(props.settings.rule));
  };
  const number = (field: 'minimumEntries' | 'countBest' | 'minimumAverage') => ({
    value: form[field],
    onChange: (value: number | string) => change({ ...form, [field]: value }),
    allowDecimal: false,
    allowNegative: false,
  });
  const band = (index: number, patch: Partial<Rule['gradeBands'][number]>) =>
    change({
      ...form,
      gradeBands: form.gradeBands.map((b, k) => (k === index ? { ...b, ...patch } : b)),
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = WinnersRuleSchema.safeParse({
      ...form,
      minimumEntries: Number(form.minimumEntries === '' ? Number.NaN : form.minimumEntries),
      countBest: Number(form.countBest === '' ? Number.NaN : form.countBest),
      minimumAverage: Number(form.minimumAverage === '' ? Number.NaN : form.minimumAverage),
    });
    if (!parsed.success) {
      setErrors([
        ...new Set(
          parsed.error.issues.map((i) =>
            i.message.startsWith('Invalid') || i.message.startsWith('Too')
              ? `Please check ${FIELD_NAMES[String(i.path[0])] ?? 'the rule'}.`
              : issueWords(i.message),
          ),
        ),
      ]);
      return;
    }
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setForm(saved.rule);
        props.onDirtyChange(false);
      },
    });
  }

  return (
    <Card withBorder component="section" aria-labelledby="rule-heading">
      <form onSubmit={submit} noValidate aria-labelledby="rule-heading">
        <Title order={2} id="rule-heading" mb={4}>
          Rule
        </Title>
        <Text size="sm" mb="sm">
          {props.settings.isDefault
            ? 'The default rule: four entries in a section make a contestant eligible, if their points are high enough.'
            : 'The rule this event’s winners are found by.'}
        </Text>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <NumberInput
              label="Minimum entries"
              description="Marked entries in the section a contestant needs."
              min={1}
              max={20}
              {...number('minimumEntries')}
            />
            <NumberInput
              label="Marks counted"
              description="Only the contestant’s best marks count."
              min={1}
              max={20}
              {...number('countBest')}
            />
            <NumberInput
              label="Minimum average"
              description="The counted marks must average at least this."
              min={0}
              max={100}
              {...number('minimumAverage')}
            />
            <NativeSelect
              label="How points combine"
              data={WINNER_COMBINATIONS.map((c) => ({ value: c, label: COMBINE_LABELS[c] }))}
              value={form.combine}
              onChange={(e) =>
                change({ ...form, combine: e.currentTarget.value as Rule['combine'] })
              }
            />
            <NativeSelect
              label="Ties"
              data={WINNER_TIE_RULES.map((t) => ({ value: t, label: TIE_LABELS[t] }))}
              value={form.ties}
              onChange={(e) => change({ ...form, ties: e.currentTarget.value as Rule['ties'] })}
            />
          </SimpleGrid>

          <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={700} mb={4}>
              Grade bands
            </Text>
            <Text size="sm" mb="xs">
              Each section has a winner per band. A grade in no band has no winner.
            </Text>
            <Stack gap="sm">
              {form.gradeBands.map((b, k) => (
                <Group
                  key={k}
                  role="group"
                  aria-label={`Band ${k + 1}`}
                  align="flex-end"
                  gap="xs"
                  wrap="wrap"
                >
                  <TextInput
                    label="Band name"
                    value={b.name}
                    onChange={(e) => band(k, { name: e.currentTarget.value })}
                    w={{ base: '100%', xs: 180 }}
                  />
                  <NativeSelect
                    label="From grade"
                    data={GRADE_OPTIONS}
                    value={b.fromGrade}
                    onChange={(e) => band(k, { fromGrade: e.currentTarget.value })}
                    w={120}
                  />
                  <NativeSelect
                    label="To grade"
                    data={GRADE_OPTIONS}
                    value={b.toGrade}
                    onChange={(e) => band(k, { toGrade: e.currentTarget.value })}
                    w={120}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    mb={2}
                    aria-label={`Remove the ${b.name || `band ${k + 1}`} band`}
                    disabled={form.gradeBands.length === 1}
                    onClick={() =>
                      change({ ...form, gradeBands: form.gradeBands.filter((_, j) => j !== k) })
                    }
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <Button
              variant="subtle"
              mt="xs"
              px={0}
              disabled={form.gradeBands.length >= 13}
              onClick={() =>
                change({
                  ...form,
                  gradeBands: [...form.gradeBands, { name: '', fromGrade: 'R', toGrade: 'R' }],
                })
              }
            >
              Add a band
            </Button>
          </fieldset>

          {errors.length > 0 && (
            <Alert color="red" title="Please check the rule" role="alert">
              <Stack gap={2}>
                {errors.map((e) => (
                  <Text key={e} size="sm">
                    {e}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const FIELD_NAMES: Record<string, string> = {
  minimumEntries: 'the minimum entries (1 to 20)',
  countBest: 'the marks counted (1 to 20)',
  minimumAverage: 'the minimum average (0 to 100)',
  gradeBands: 'the grade bands',
};
