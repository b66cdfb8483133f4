import { Button, Group, Modal, Text } from '@mantine/core';
import type { ParticipantProfile } from '@eisteddfod/shared';
import { text } from '../text.ts';

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
      title={
        contestant
          ? text('deleteName', { name: `${contestant.firstName} ${contestant.surname}` })
          : ''
      }
      centered
      closeButtonProps={{ 'aria-label': text('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text>{text('deleteConfirm')}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={props.onClose} disabled={props.deleting}>
          {text('cancel')}
        </Button>
        <Button
          color="red.9"
          loading={props.deleting}
          onClick={() => contestant && props.onConfirm(contestant)}
        >
          {text('delete')}
        </Button>
      </Group>
    </Modal>
  );
}
