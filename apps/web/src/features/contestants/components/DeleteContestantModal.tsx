import { Button, Group, Modal, Text } from '@mantine/core';
import { CONTESTANT_MESSAGES, type ParticipantProfile } from '@eisteddfod/shared';

/** The delete confirmation of spec 2, with Delete and Cancel. */
export function DeleteContestantModal(props: {
  contestant: ParticipantProfile | null;
  deleting: boolean;
  onConfirm: (contestant: ParticipantProfile) => void;
  onClose: () => void;
}) {
  const { contestant } = props;
  return (
    <Modal
      opened={contestant !== null}
      onClose={props.onClose}
      title={contestant ? `Delete ${contestant.firstName} ${contestant.surname}` : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text>{CONTESTANT_MESSAGES.deleteConfirm}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={props.onClose} disabled={props.deleting}>
          Cancel
        </Button>
        <Button
          color="red.9"
          loading={props.deleting}
          onClick={() => contestant && props.onConfirm(contestant)}
        >
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
