import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ParticipantOrderItem } from '@eisteddfod/shared';
import { modalProps } from './modal-props.ts';
import { text } from '../text.ts';

/**
 * The question before a step that cannot be taken back, naming the entry: withdrawing (spec 2
 * and 4) and finalising, which sends the entry to the adjudicators and takes no more changes
 * (decision 009), confirmed like a withdrawal since decision 028.
 */
export function ConfirmEntryModal(props: {
  entry: ParticipantOrderItem | null;
  title: string;
  question: string;
  /** The confirming button's words, as on the entry's own button. */
  action: string;
  /** Red for a step that gives something up (a withdrawal). */
  color?: string;
  busy: boolean;
  onConfirm: (entry: ParticipantOrderItem) => void;
  onClose: () => void;
}) {
  const { entry } = props;
  return (
    <Modal {...modalProps()} opened={entry !== null} onClose={props.onClose} title={props.title}>
      {entry && (
        <Stack gap="md">
          <Text fw={600}>
            {entry.itemCode} - {entry.itemShortDescription}
          </Text>
          <Text>{props.question}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={props.onClose}>
              {text('cancel')}
            </Button>
            <Button
              color={props.color}
              size="md"
              loading={props.busy}
              onClick={() => props.onConfirm(entry)}
            >
              {props.action}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
