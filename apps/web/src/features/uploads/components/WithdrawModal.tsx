import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { UPLOAD_MESSAGES, type ParticipantOrderItem } from '@eisteddfod/shared';
import { UPLOAD_TEXT } from '../upload-messages.ts';
import { MODAL_PROPS } from './modal-props.ts';

/** Spec 2 and 4, Withdrawing: a confirmation, as it cannot be undone. */
export function WithdrawModal(props: {
  entry: ParticipantOrderItem | null;
  withdrawing: boolean;
  onConfirm: (entry: ParticipantOrderItem) => void;
  onClose: () => void;
}) {
  const { entry } = props;
  return (
    <Modal
      {...MODAL_PROPS}
      opened={entry !== null}
      onClose={props.onClose}
      title={UPLOAD_TEXT.withdrawTitle}
    >
      {entry && (
        <Stack gap="md">
          <Text fw={600}>
            {entry.itemCode} - {entry.itemShortDescription}
          </Text>
          <Text>{UPLOAD_MESSAGES.withdrawConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              color="red.9"
              size="md"
              loading={props.withdrawing}
              onClick={() => props.onConfirm(entry)}
            >
              Withdraw Entry
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
