import { Button, Text } from '@mantine/core';
import type { ParticipantOrderItem } from '@eisteddfod/shared';
import classes from '../uploads.module.css';
import { text } from '../text.ts';

/**
 * The end of an entry's detail (spec 2's footer): why a closed entry takes no more files, or, on
 * an open one, 'Withdraw Entry'. 'Finalise Entry' is the row's next step (decision 028), and a
 * withdrawn entry says so on its row.
 */
export function EntryFooter(props: {
  entry: ParticipantOrderItem;
  busy: boolean;
  onWithdraw: () => void;
}) {
  const { entry } = props;
  if (entry.isCancelled) return null;
  if (entry.isSubmittedForMarking) {
    return <Text className={`${classes.panel} ${classes.panelDone}`}>{text('finalisedNote')}</Text>;
  }
  if (entry.deadlinePassed) {
    return (
      <Text className={`${classes.panel} ${classes.panelMuted}`}>{text('deadlinePassedNote')}</Text>
    );
  }
  return (
    <div className={classes.withdrawRow}>
      <Button
        size="md"
        variant="outline"
        color="red.9"
        onClick={props.onWithdraw}
        disabled={props.busy}
        aria-haspopup="dialog"
        aria-label={text('withdrawEntryOf', { code: entry.itemCode })}
      >
        {text('withdrawEntry')}
      </Button>
    </div>
  );
}
