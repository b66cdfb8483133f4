import { INSTRUMENTS, type GridItem, type GridLearner } from '@eisteddfod/shared';
import { Checkbox, Select, Stack, Text } from '@mantine/core';
import { text } from '../text.ts';

export interface CellProps {
  learner: GridLearner;
  item: GridItem;
  allowed: boolean;
  ticked: boolean;
  instrument: string;
  paid: boolean;
  problem: string | undefined;
  onTick: (ticked: boolean) => void;
  onInstrument: (instrument: string) => void;
}

/** One learner and one item: a tick where the grade allows it, an instrument when it needs one. */
export function GridCell(props: CellProps) {
  const { learner, item, allowed, ticked, paid, problem } = props;
  const name = `${learner.firstName} ${learner.surname}`;
  const disabled = paid || !allowed || (item.deadlinePassed && !ticked);
  return (
    <Stack gap={4} align="flex-start">
      <Checkbox
        checked={ticked}
        disabled={disabled}
        aria-label={text('cellLabel', { name, code: item.code, item: item.name })}
        aria-invalid={problem ? true : undefined}
        error={problem ? true : undefined}
        onChange={(e) => props.onTick(e.currentTarget.checked)}
      />
      {paid && (
        <Text size="xs" c="dimmed">
          {text('paid')}
        </Text>
      )}
      {ticked && item.requiresAnInstrument && !paid && (
        <Select
          size="xs"
          w={150}
          data={INSTRUMENTS}
          value={props.instrument || null}
          aria-label={text('instrument', { name })}
          onChange={(v) => props.onInstrument(v ?? '')}
        />
      )}
      {problem && (
        <Text size="xs" c="red.9" role="alert" maw={180}>
          {problem}
        </Text>
      )}
    </Stack>
  );
}
