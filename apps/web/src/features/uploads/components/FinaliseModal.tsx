import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ParticipantOrderItem } from '@eisteddfod/shared';
import { UPLOAD_TEXT } from '../upload-messages.ts';
import { MODAL_PROPS } from './modal-props.ts';

/**
 * Finalising is the last step and cannot be taken back (spec 4, decision 009: the entry goes to
 * the adjudicators and takes no more changes), so it is confirmed like a withdrawal (decision 028).
 */
export function FinaliseModal(props: {
  entry: ParticipantOrderItem | null;
  finalising: boolean;
  onConfirm: (entry: ParticipantOrderItem) => void;
  onClose: () => void;
}) {
  const { entry } = props;
  return (
    <Modal
      {...MODAL_PROPS}
      opened={entry !== null}
      onClose={props.onClose}
      title={UPLOAD_TEXT.finaliseTitle}
    >
      {entry && (
        <Stack gap="md">
          <Text fw={600}>
            {entry.itemCode} - {entry.itemShortDescription}
          </Text>
          <Text>{UPLOAD_TEXT.finaliseConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={props.onClose}>
              Cancel
            </Button>
            <Button size="md" loading={props.finalising} onClick={() => props.onConfirm(entry)}>
              Finalise Entry
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
