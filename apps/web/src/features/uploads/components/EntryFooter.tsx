import { Button, Group, Stack, Text } from '@mantine/core';
import {
  PROCESSING_MESSAGES,
  UPLOAD_MESSAGES,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import classes from '../uploads.module.css';

/**
 * Spec 2 and 4: a withdrawn entry says so; a finalised one shows its finished state; an open
 * one offers 'Finalise Entry' and 'Withdraw Entry'.
 */
export function EntryFooter(props: {
  entry: ParticipantOrderItem;
  busy: boolean;
  finalising: boolean;
  onFinalise: () => void;
  onWithdraw: () => void;
}) {
  const { entry } = props;
  if (entry.isCancelled) {
    return (
      <Text className={`${classes.panel} ${classes.panelMuted}`}>
        {UPLOAD_MESSAGES.withdrawnState}
      </Text>
    );
  }
  if (entry.isSubmittedForMarking) {
    return (
      <Text className={`${classes.panel} ${classes.panelDone}`}>
        {UPLOAD_MESSAGES.badges.finalised}
      </Text>
    );
  }
  if (entry.deadlinePassed) {
    return (
      <Text className={`${classes.panel} ${classes.panelMuted}`}>
        The upload deadline for this entry has passed.
      </Text>
    );
  }
  // Finalising waits for processing (decision 025): the server refuses it until then too.
  const processing = entry.orderItemUploads.some((u) => u.processing.state === 'pending');
  const hintId = `finalise-hint-${entry.id}`;
  return (
    <Stack gap={6}>
      {processing && (
        <Text size="sm" id={hintId}>
          {PROCESSING_MESSAGES.finaliseWhileProcessing}
        </Text>
      )}
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button
          size="md"
          onClick={props.onFinalise}
          loading={props.finalising}
          disabled={props.busy || processing}
          aria-describedby={processing ? hintId : undefined}
          aria-label={`Finalise Entry ${entry.itemCode}`}
        >
          Finalise Entry
        </Button>
        <Button
          size="md"
          variant="outline"
          color="red.9"
          onClick={props.onWithdraw}
          disabled={props.busy}
          aria-haspopup="dialog"
          aria-label={`Withdraw Entry ${entry.itemCode}`}
        >
          Withdraw Entry
        </Button>
      </Group>
    </Stack>
  );
}
